/**
 * The message cards' texts (SPEC.md section 8), exactly as SPEC.md gives them: the only texts the
 * entry itself needs (src/app/app-errors.ts). The rest of `ru` (./ru.ts, which includes these)
 * is shown once the UI has loaded, and stays out of the entry chunk.
 */
export const ruMessages = {
  missingMovieId: 'Пропущен movie_id в запросе',
  contentNotAvailable: 'Контент не доступен',
  blockedInCountry:
    'Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.',
  manifestLoadFailed: (url: string) => `Ошибка в загрузке: ${url}`,
  genericError: (id: string) => `К сожалению, произошла ошибка, попробуйте перезагрузите страницу. Идентификатор ошибки: ${id}`,
  reloadPage: 'Перезагрузить страницу',
} as const;
