/**
 * Texts of the share popup (SPEC.md section 2), to be merged into ru.ts. 'Скопировано' and
 * 'Ссылка' (the link field's accessible name) are not given by the spec.
 */
export const shareRu = {
  share: 'Поделиться',
  copy: 'Копировать',
  copied: 'Скопировано',
  withTimeCode: 'Поделиться с тайм кодом:',
  close: 'Закрыть',
  link: 'Ссылка',
} as const;
