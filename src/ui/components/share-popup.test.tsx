import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SharePopup, type SharePopupProps } from './share-popup.tsx';

const LINK = 'https://kino.example/serials/dark/season-2/episode-4?t=65';
const props: SharePopupProps = {
  link: LINK,
  withTimeCode: true,
  timeLabel: '0:01:05',
  onToggleTimeCode: () => {},
  socialLinks: [
    { id: 'telegram', label: 'Telegram', href: 'https://t.me/share/url?url=x' },
    { id: 'vk', label: 'VK', href: 'https://vk.com/share.php?url=x' },
  ],
  onCopy: () => {},
  copied: false,
  onClose: () => {},
};

/** The markup as one line of text, for plain substring assertions. */
const render = (overrides: Partial<SharePopupProps> = {}) => renderToStaticMarkup(<SharePopup {...props} {...overrides} />);

describe('SharePopup (SPEC.md section 2)', () => {
  it('is a modal dialog named by its heading Поделиться', () => {
    const html = render();
    const labelledBy = /role="dialog" aria-modal="true" aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`<h2 id="${labelledBy}" class="share-popup__title">Поделиться</h2>`);
  });

  it('links each social site in a new tab, named by its label', () => {
    const html = render();
    expect(html).toMatch(
      /<a [^>]*href="https:\/\/t.me\/share\/url\?url=x" aria-label="Telegram" target="_blank" rel="noopener noreferrer">.*?<span class="share-popup__network-label">Telegram<\/span><\/a>/,
    );
    expect(html).toMatch(/href="https:\/\/vk.com\/share.php\?url=x"[^>]*>.*?>VK<\/span><\/a>/);
  });

  it('shows the link read-only, with the copy button', () => {
    const html = render();
    const input = /<input class="share-popup__link"[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('readOnly=""');
    expect(input).toContain(`value="${LINK}"`);
    expect(input).toContain('aria-label="Ссылка"');
    expect(html).toContain('>Копировать</button>');
    expect(html).not.toContain('Скопировано');
  });

  it('says Скопировано after copying', () => {
    const html = render({ copied: true });
    expect(html).toContain('>Скопировано</button>');
    expect(html).toContain('role="status">Скопировано</span>');
  });

  it('labels the checkbox Поделиться с тайм кодом: with the time, ticked or not', () => {
    expect(render()).toMatch(/<label [^>]*><input type="checkbox" checked=""\/><span>Поделиться с тайм кодом:<\/span> <span [^>]*>0:01:05<\/span><\/label>/);
    expect(render({ withTimeCode: false })).toMatch(/<input type="checkbox"\/><span>Поделиться с тайм кодом:/);
  });

  it('has a close button named Закрыть', () => {
    expect(render()).toMatch(/<button type="button" class="share-popup__close" aria-label="Закрыть">/);
  });
});
