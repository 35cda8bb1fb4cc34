/**
 * The texts a failure before the UI needs (SPEC.md section 8): the entry shows them, so they are
 * kept apart from the rest of `ru` (ru.ts), which only the UI's chunks carry.
 */
export const ruErrors = {
  missingMovieId: 'Пропущен movie_id в запросе',
  contentNotAvailable: 'Контент не доступен',
  blockedInCountry:
    'Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.',
  manifestLoadFailed: (url: string) => `Ошибка в загрузке: ${url}`,
  genericError: (id: string) => `К сожалению, произошла ошибка, попробуйте перезагрузите страницу. Идентификатор ошибки: ${id}`,
  reloadPage: 'Перезагрузить страницу',
} as const;
