import type { OutgoingMail } from './mail-outbox.ts';

/** The service's mail, in the viewers' language (the player speaks Russian, SPEC.md section 8). */
export function signupCodeMail(to: string, code: string): OutgoingMail {
  return {
    to,
    kind: 'signup-code',
    subject: `Код подтверждения: ${code}`,
    text: `Ваш код подтверждения регистрации: ${code}\n\nКод действует 30 минут. Если вы не регистрировались, просто удалите это письмо.\n`,
  };
}

/** A signup for an address that already has an account: its owner hears of it, the form learns nothing. */
export function alreadyRegisteredMail(to: string): OutgoingMail {
  return {
    to,
    kind: 'already-registered',
    subject: 'Попытка повторной регистрации',
    text: 'Кто-то попытался зарегистрироваться с вашим адресом, но аккаунт с ним уже есть.\n\nЕсли это были вы и вы забыли пароль, восстановите его через форму входа.\n',
  };
}

/** The link carries the token after '#', so it never reaches a server log or a Referer. */
export function restoreLinkMail(to: string, pageOrigin: string, token: string): OutgoingMail {
  return {
    to,
    kind: 'restore-link',
    subject: 'Восстановление пароля',
    text: `Чтобы задать новый пароль, откройте ссылку:\n${pageOrigin}/#restore-token=${token}\n\nСсылка действует час и срабатывает один раз. Если вы не просили восстановить пароль, просто удалите это письмо.\n`,
  };
}

export function passwordChangedMail(to: string): OutgoingMail {
  return {
    to,
    kind: 'password-changed',
    subject: 'Пароль изменён',
    text: 'Пароль вашего аккаунта изменён, остальные сеансы завершены.\n\nЕсли это были не вы, восстановите пароль через форму входа.\n',
  };
}
