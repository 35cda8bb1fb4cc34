import { ruFixed2 } from './ru-number.ts';

/** Interface texts, exactly as SPEC.md gives them; a failure's texts are in ru-errors.ts. */
export const ru = {
  /** The ad overlay (SPEC.md section 2) and the Russian ad marking. */
  adSkip: 'Пропустить',
  adSkipIn: (seconds: number) => `Пропустить через ${seconds}`,
  adPlay: 'Воспроизвести рекламу',
  adPause: 'Пауза рекламы',
  adVolume: 'Громкость рекламы',
  adClickThrough: 'Перейти на сайт рекламодателя',
  adLabel: 'Реклама',
  adEridLabel: (erid: string) => `erid: ${erid}`,
  adPosition: (position: number, count: number) => `${position} из ${count}`,
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
  /** The ended card's countdown and its way out (ours: SPEC.md gives no text for them). */
  nextEpisodeIn: (seconds: number) => `Начнётся через ${seconds} с`,
  cancel: 'Отмена',
  /** The episode's intro and credits (ours: SPEC.md gives no text for them). */
  skipIntro: 'Пропустить заставку',
  /** The skip button's words: a low phone frame shows only the first. */
  skip: 'Пропустить',
  skipIntroMore: '\u00a0заставку',
  alwaysSkipIntro: 'Всегда пропускать заставку',
  watchCredits: 'Смотреть титры',
  /** Controls' accessible names (SPEC.md section 2; fixed: the tests and assistive technology name controls by them). */
  play: 'Воспроизвести',
  pause: 'Пауза',
  /** The play button once the film has ended (ours: SPEC.md gives no text for it). */
  replay: 'Смотреть снова',
  back10: 'Назад на 10 секунд',
  forward10: 'Вперёд на 10 секунд',
  nextEpisodeButton: 'Следующая серия',
  mute: 'Выключить звук',
  unmute: 'Включить звук',
  volume: 'Громкость',
  seek: 'Перемотка',
  airplay: 'AirPlay',
  settings: 'Настройки',
  subtitles: 'Субтитры',
  pictureInPicture: 'Картинка в картинке',
  googleCast: 'Google Cast',
  enterFullscreen: 'Полноэкранный режим',
  exitFullscreen: 'Выйти из полноэкранного режима',
  back: 'Назад',
  /** The settings menu and its submenus (SPEC.md sections 2 and 9). */
  quality: 'Качество',
  speed: 'Скорость',
  audio: 'Аудио',
  audioBoost: 'Усиление звука',
  auto: 'Авто',
  normalSpeed: 'Обычная',
  subtitlesOff: 'Выкл.',
  qualityLabel: (height: number) => `${height}p`,
  /** Mbps to 2 decimals (SPEC.md section 9), with the Russian decimal comma: '2,95 Мбит/с'. */
  bitrateLabel: (bitsPerSecond: number) => `${ruFixed2(bitsPerSecond / 1_000_000)} Мбит/с`,
  percent: (gain: number) => `${Math.round(gain * 100)} %`,
  /** Remote playback states (SPEC.md section 4). */
  /** The seek slider's value text: '0:01:05 из 0:24:00'. */
  timeOf: (current: string, duration: string) => `${current} из ${duration}`,
  /** Announced when the sound goes off (the controls' live region). */
  soundOff: 'Звук выключен',
  remoteConnecting: 'Подключение…',
  remoteConnected: 'Воспроизводится на другом устройстве',
  remoteDisconnected: 'Отключено',
  /** Over the video while it plays in its own window (ours: the browser's text is in English). */
  pictureInPictureActive: 'Видео в режиме «картинка в картинке»',
  /** The data saver's row in the settings menu, and why it is as it is. */
  dataSaver: 'Экономия трафика',
  switchOn: 'Вкл.',
  switchOff: 'Выкл.',
  dataSaverBySaveData: 'Включено: браузер просит экономить трафик',
  dataSaverBySlowNetwork: 'Включено: медленная сеть',
  dataSaverByHost: 'Задано сайтом',
  /** Megabytes, with a decimal comma below 10: 'Сэкономлено 3,4 МБ', 'Сэкономлено 12 МБ'. */
  dataSaved: (bytes: number) => {
    const megabytes = bytes / 1_000_000;
    const shown = megabytes < 10 ? String(Math.round(megabytes * 10) / 10).replace('.', ',') : String(Math.round(megabytes));
    return `Сэкономлено ${shown} МБ`;
  },
} as const;
