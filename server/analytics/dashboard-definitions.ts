/**
 * What each figure of the dashboard means, as the operator reads it under the charts. The same
 * definitions, with how the collector computes each, are docs/analytics.md; where Mux Data has
 * the metric, the definition is Mux's (named in brackets).
 */
export const METRIC_DEFINITIONS: ReadonlyArray<{ term: string; definition: string }> = [
  {
    term: 'Просмотр',
    definition: 'Попытка посмотреть серию или фильм в одной загрузке плеера: зритель нажал «Воспроизвести» или сработал автозапуск (view_start, play или уход до первого кадра), либо вместо видео он увидел ошибку. Загрузка, где никто не запускал видео и ошибки не было, — не просмотр. День просмотра — день его первого события, UTC. (Mux: Views)',
  },
  {
    term: 'Время просмотра',
    definition: 'Сколько шло само видео: для каждого просмотра наибольшее real_time_played_sec, сумма. Реклама, паузы и буферизация не входят.',
  },
  {
    term: 'Время запуска',
    definition: 'От запроса воспроизведения до первого кадра, после которого видео идёт (view_start.startup_ms), без времени рекламы; медиана и 95-й процентиль. (Mux: Video Startup Time)',
  },
  {
    term: 'Доля буферизации',
    definition: 'Остановки на буферизацию от 250 мс (rebuffer_ms) ÷ время просмотра. (Mux: Rebuffer Percentage)',
  },
  {
    term: 'Просмотры со сбоем',
    definition: 'Просмотры с фатальной ошибкой (error_fatal) — до первого кадра или после — ÷ просмотры; сбои — по кодам и по контенту. (Mux: Playback Failure Percentage)',
  },
  {
    term: 'Уходы до старта',
    definition: 'Просмотры, закрытые до первого кадра (view_end.exit_before_start) ÷ просмотры; отдельно — те, что ушли во время преролла. (Mux: Exits Before Video Start)',
  },
  {
    term: 'Запрошенная рекламная пауза',
    definition: 'Преролл или мидролл одного просмотра, которого зритель дождался: нажал «Воспроизвести», когда впереди преролл, или фильм дошёл до мидролла (ad_break_request). Список рекламы, загруженный заранее (ad_init), — не пауза.',
  },
  {
    term: 'Заполнение рекламы',
    definition: 'Паузы, в которых начался ролик (ad_play) ÷ запрошенные паузы.',
  },
  {
    term: 'Ролики',
    definition: 'Начатые (ad_play, один раз на ролик, сколько бы его ни возобновляли), досмотренные (ad_ended), пропущенные (ad_skip_btn_click); досмотр роликов — досмотренные ÷ начатые.',
  },
  {
    term: 'Ошибки рекламы',
    definition: 'Каждое ad_error: не загрузился или не разобрался VAST, не проигрался файл ролика (с кодом ошибки VAST).',
  },
];

/** The definitions as the page's last panel: a description list, text only (no viewer data in it). */
export function renderDefinitions(): string {
  const items = METRIC_DEFINITIONS.map(({ term, definition }) => `<dt>${term}</dt>\n<dd>${definition}</dd>`).join('\n');
  return `<section class="panel definitions" id="definitions" aria-labelledby="definitions-title">
<h2 id="definitions-title">Что значат показатели</h2>
<dl>
${items}
</dl>
</section>`;
}
