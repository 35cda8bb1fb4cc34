/**
 * The host page the bench embeds players in: an ordinary article (bench/pages/article.html) with
 * a heading, a hero image of its own (the page's natural largest paint), paragraphs, and player
 * slots among them, each a 16:9 box the host's CSS reserves. The variants differ only in what
 * fills the slots.
 */

/** What fills the six slots. */
export type HostVariant = 'none' | 'facade' | 'eager' | 'youtube-style';
export const HOST_VARIANTS: readonly HostVariant[] = ['none', 'facade', 'eager', 'youtube-style'];

/** One player of the page: the catalogue's content, its title and poster (the host's CMS has them). */
export interface SlotContent {
  movieId: number;
  title: string;
  /** Absolute poster address on the player's origin. */
  poster: string;
}

export interface ArticleOptions {
  variant: HostVariant;
  /** The player's origin (lib.js and the frames). */
  player: string;
  /** The stand-in embeds' origin (youtube-style). */
  thirdParty: string;
  contents: readonly SlotContent[];
  /**
   * 'article': paragraphs, then a slot after every two paragraphs; 'single': one slot right under
   * the heading, above the fold, for the click-to-first-frame visits.
   */
  layout: 'article' | 'single';
}

/** Text without markup, for attributes and element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const PARAGRAPHS = [
  'Неделя выдалась богатой на премьеры: от камерных драм до больших приключений. Мы выбрали шесть фильмов, которые стоит посмотреть, и для каждого — короткий отрывок прямо здесь, в статье.',
  'Начнём с картины, о которой говорили весь фестиваль. Режиссёр снова работает с постоянной командой, и это видно в каждом кадре: свет, ритм, паузы между репликами.',
  'Второй фильм — полная противоположность первому: быстрый монтаж, погони и шутки, которые не стареют. Смотреть лучше с хорошим звуком.',
  'Третья лента понравится тем, кто любит истории о семье. Здесь нет злодеев, только люди, которые пытаются договориться друг с другом.',
  'Дальше — документальное кино. Авторы два года снимали жизнь маленькой северной деревни и сумели не сказать ни одного лишнего слова.',
  'Пятый фильм — для тех, кто соскучился по жанру: тёмные коридоры, скрип половиц и финал, который никто не угадает.',
  'И напоследок — мультфильм, который одинаково хорошо смотрят и дети, и взрослые. Отличный выбор для воскресного вечера.',
  'Пишите в комментариях, что вы посмотрели на этой неделе, — лучшие советы попадут в следующий обзор.',
];

/** The markup of slot `index` for the variant. */
export function slotMarkup(options: ArticleOptions, index: number): string {
  const content = options.contents[index % options.contents.length]!;
  const title = escapeHtml(content.title);
  switch (options.variant) {
    case 'none':
      return '<div class="player-slot"></div>';
    case 'facade':
    case 'eager':
      return `<div class="player-slot" data-kino-player data-movie-id="${content.movieId}" data-loading="${options.variant}" data-title="${title}" data-poster="${escapeHtml(content.poster)}"></div>`;
    case 'youtube-style':
      return `<div class="player-slot"><iframe src="${escapeHtml(`${options.thirdParty}/stand-in/${index + 1}/`)}" title="${title}" allow="autoplay; encrypted-media; picture-in-picture" allowfullscreen></iframe></div>`;
  }
}

/**
 * Whether the variant loads lib.js. The click visits also tell the bench when the SDK says the
 * player is ready (window.__playerReady), which the eager click waits for.
 */
function scripts(options: ArticleOptions): string {
  if (options.variant !== 'facade' && options.variant !== 'eager') return '';
  const ready = options.layout === 'single'
    ? `<script>addEventListener('kinoplayer:ready', () => { KinoPlayer.get(document.querySelector('[data-kino-player]')).ready().then(() => { window.__playerReady = true; }); });</script>\n`
    : '';
  // async, as docs/embedding.md asks of hosts: the SDK never holds up the page's parse.
  return `${ready}<script src="${escapeHtml(`${options.player}/catalog-api/lib.js`)}" async></script>`;
}

/** The page's article body: paragraphs with the slots among them. */
export function articleBody(options: ArticleOptions): string {
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  if (options.layout === 'single') return [slotMarkup(options, 0), ...PARAGRAPHS.slice(0, 3).map(paragraph)].join('\n');
  const parts = [paragraph(PARAGRAPHS[0]!), paragraph(PARAGRAPHS[1]!)];
  for (let slot = 0; slot < 6; slot += 1) {
    parts.push(slotMarkup(options, slot), paragraph(PARAGRAPHS[(slot + 2) % PARAGRAPHS.length]!));
  }
  return parts.join('\n');
}

/** The whole page from the template's text. */
export function renderArticle(template: string, options: ArticleOptions): string {
  // The click visits put the slot above the hero, in view at once; the article keeps the hero first.
  const page = options.layout === 'single' ? template.replace(/<img class="hero"[^>]*>/, '') : template;
  return page
    .replace('<!--article-->', articleBody(options))
    .replace('<!--scripts-->', scripts(options));
}
