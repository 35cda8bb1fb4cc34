// Made-up dialogue for the demo subtitles. Russian and English lists are
// translations of each other, line by line, so the two tracks match.

export const LIGHTHOUSE = {
  ru: [
    '— Свет опять мигает. Третью ночь подряд.',
    '— Это не лампа. Посмотри на журнал.',
    '— Кто писал эти записи? Здесь моя фамилия.',
    '— Твой дед служил на этом маяке сорок лет.',
    '— Он никогда не рассказывал о нём.',
    '— Может быть, не хотел, чтобы ты вернулся сюда.',
    '— Последняя запись: «Корабль не пришёл».',
    '— Какой корабль? В гавани пусто.',
    '— Тише. Слышишь? Это колокол с берега.',
    '— Завтра начнётся шторм. Нужно успеть до утра.',
    '— Зажги свет. Пусть они нас увидят.',
    '— Кто — они?',
  ],
  en: [
    '— The light is flickering again. Third night in a row.',
    "— It's not the lamp. Look at the logbook.",
    '— Who wrote these entries? That is my surname.',
    '— Your grandfather kept this lighthouse for forty years.',
    '— He never told me about it.',
    "— Perhaps he didn't want you to come back here.",
    '— The last entry says: “The ship did not arrive.”',
    '— What ship? The harbour is empty.',
    '— Quiet. Do you hear that? A bell from the shore.',
    '— A storm is coming tomorrow. We must finish before dawn.',
    '— Turn on the light. Let them see us.',
    '— Who are “they”?',
  ],
} as const;

export const COURIER = {
  ru: [
    '— Адреса нет. Только номер квартиры.',
    '— Доставь до полуночи, иначе будет поздно.',
    '— Вчера этой улицы здесь не было.',
    '— Кто-то каждую ночь перерисовывает город.',
    '— Распишитесь, пожалуйста. Вот здесь.',
    '— Я знаю этот дом. Я в нём вырос.',
    '— Не открывай посылку. Просто отдай её.',
    '— А если некому отдать?',
  ],
  en: [
    '— No address. Just a flat number.',
    "— Deliver it by midnight, or it'll be too late.",
    "— This street wasn't here yesterday.",
    '— Someone redraws the city every night.',
    '— Sign here, please. Right here.',
    '— I know this house. I grew up in it.',
    "— Don't open the parcel. Just hand it over.",
    "— And if there's no one to hand it to?",
  ],
} as const;

export const LONG_ROAD_RU = [
  '— Следующая остановка через триста километров.',
  '— Вы тоже едете до конца?',
  '— До конца. Домой. Если он ещё стоит.',
  '— Автобус старый, но доедет. Он всегда доезжает.',
  '— Расскажите что-нибудь. Ночь длинная.',
  '— Когда-то я уехал отсюда и обещал вернуться через год.',
  '— И сколько прошло?',
  '— Двадцать лет. Или вчера — я уже не уверен.',
  '— Смотрите, рассвет. Значит, полпути позади.',
  '— Водитель говорит, впереди мост закрыт.',
  '— Тогда пойдём пешком. Тут недалеко.',
  '— Вы так говорите уже третий час.',
];

export const SHORT_CIRCUIT_RU = ['— Не трогай рубильник!', '— Поздно. Смотри — сцена светится.', '— Этот свет не горел сорок лет.'];

export const GLASS_GARDEN_RU = ['— Они раскрываются, только когда звучит скрипка.', '— Сыграй ещё раз, медленнее.', '— Смотри: стекло поёт вместе с ними.'];
