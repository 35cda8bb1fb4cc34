/** A failed call: its status (0 when the network failed) and the server's own message (English, for the log). */
export class SiteRequestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'SiteRequestError';
    this.status = status;
  }
}

const BY_STATUS: Record<number, string> = {
  0: 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
  400: 'Проверьте введённые данные.',
  401: 'Войдите, чтобы продолжить.',
  403: 'Недостаточно прав.',
  404: 'Не найдено.',
  409: 'Это уже сделано.',
  429: 'Слишком много запросов. Попробуйте через минуту.',
};

/** What the viewer reads about a failure: per status, in Russian; `overrides` for what a form knows better. */
export function errorText(error: unknown, overrides: Record<number, string> = {}): string {
  if (error instanceof SiteRequestError) return overrides[error.status] ?? BY_STATUS[error.status] ?? 'Что-то пошло не так. Попробуйте ещё раз.';
  return 'Что-то пошло не так. Попробуйте ещё раз.';
}
