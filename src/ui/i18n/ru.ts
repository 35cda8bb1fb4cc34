/** Interface texts, exactly as SPEC.md gives them. */
export const ru = {
  missingMovieId: 'Пропущен movie_id в запросе',
  contentNotAvailable: 'Контент не доступен',
  blockedInCountry:
    'Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.',
  manifestLoadFailed: (url: string) => `Ошибка в загрузке: ${url}`,
  genericError: (id: string) => `К сожалению, произошла ошибка, попробуйте перезагрузите страницу. Идентификатор ошибки: ${id}`,
  reloadPage: 'Перезагрузить страницу',
  loading: 'Загрузка…',
  /** The top overlay's line for multi-episode content (SPEC.md section 2). */
  seasonEpisodeLine: (season: number, episode: number) => `${season} сезон, ${episode} серия.`,
  seasonLabel: (season: number) => `${season} сезон`,
  episodePickerLabel: (episode: number) => `${episode} серия`,
  episodeListItem: (order: number, title: string) => `${order}. ${title}`,
  defaultEpisodeTitle: (order: number) => `Серия ${order}`,
  share: 'Поделиться',
  /** The share popup (SPEC.md section 2); 'Скопировано' and 'Ссылка' (the link field's name) are ours. */
  copy: 'Копировать',
  copied: 'Скопировано',
  withTimeCode: 'Поделиться с тайм кодом:',
  close: 'Закрыть',
  link: 'Ссылка',
  seasons: 'Сезоны',
  episodes: 'Серии',
  voiceOvers: 'Озвучка',
  /** The resume window (SPEC.md section 2); the time is 'H:MM:SS'. */
  resumeAt: (time: string) => `Вы остановились на ${time}`,
  continueWatching: 'Продолжить просмотр',
  startOver: 'Начать сначала',
  /** The next-episode card (SPEC.md section 2); 'Смотреть' is its button. */
  nextEpisode: 'Следующий эпизод',
  episodeLabel: (order: number) => `Эпизод ${order}`,
  watch: 'Смотреть',
} as const;
