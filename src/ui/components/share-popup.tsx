import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { ru } from '../i18n/ru.ts';
import '../styles/share-popup.css';

/** One social site's share page; its label is the link's accessible name. */
export interface ShareSocialLink {
  id: string;
  label: string;
  href: string;
}

export interface SharePopupProps {
  /** The link being shared, shown read-only. */
  link: string;
  /** Whether the link carries the time code (the checkbox). */
  withTimeCode: boolean;
  /** The time next to the checkbox, 'H:MM:SS'. */
  timeLabel: string;
  onToggleTimeCode(checked: boolean): void;
  socialLinks: ReadonlyArray<ShareSocialLink>;
  onCopy(): void;
  /** True for a while after a successful copy: the button says 'Скопировано'. */
  copied: boolean;
  /** Escape, the close button and a click on the backdrop. */
  onClose(): void;
  /** Focus goes here on close; default: whatever had focus when the popup opened. */
  returnFocusTo?: HTMLElement | null | undefined;
}

/** Short marks drawn in the round icons; the label stays the accessible name. */
const MARKS: Record<string, string> = { telegram: 'TG', whatsapp: 'WA', facebook: 'f', x: 'X', vk: 'VK' };

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled])';

/**
 * The share popup 'Поделиться' (SPEC.md section 2): social links, the link, 'Копировать' and the
 * time-code checkbox. A modal dialog: focus moves in on open, stays in while Tab cycles, and
 * returns on close; keys and clicks inside never reach the player's own shortcuts and gestures.
 */
export function SharePopup(props: SharePopupProps) {
  const { link, withTimeCode, timeLabel, onToggleTimeCode, socialLinks, onCopy, copied, onClose } = props;
  const headingId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const active = panelRef.current?.ownerDocument.activeElement as HTMLElement | null | undefined;
    const opener = props.returnFocusTo ?? active;
    linkRef.current?.focus();
    linkRef.current?.select();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
    // Runs once: the opener is whatever it was when the popup opened.
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab' && panelRef.current) {
      keepTabInside(panelRef.current, event);
    }
  };

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    event.stopPropagation();
    // A text selection dragged out of the link field ends on the backdrop: that is no close.
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
  };

  return (
    <div
      className="share-popup"
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={onBackdropClick}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <div ref={panelRef} className="share-popup__panel" role="dialog" aria-modal="true" aria-labelledby={headingId} tabIndex={-1}>
        <div className="share-popup__header">
          <h2 id={headingId} className="share-popup__title">{ru.share}</h2>
          <button type="button" className="share-popup__close" aria-label={ru.close} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <ul className="share-popup__networks">
          {socialLinks.map(({ id, label, href }) => (
            <li key={id}>
              <a className="share-popup__network" data-network={id} href={href} aria-label={label} target="_blank" rel="noopener noreferrer">
                {/* The mark is drawn by CSS from data-mark, not as text: a text 'TG' would be visible
                    words missing from the link's name 'Telegram' (WCAG 2.5.3, label in name). */}
                <span className="share-popup__icon" aria-hidden="true" data-mark={MARKS[id] ?? label.slice(0, 1)} />
                <span className="share-popup__network-label">{label}</span>
              </a>
            </li>
          ))}
        </ul>
        <div className="share-popup__row">
          <input
            ref={linkRef}
            className="share-popup__link"
            type="text"
            readOnly
            value={link}
            aria-label={ru.link}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="share-popup__copy" onClick={onCopy}>
            {copied ? ru.copied : ru.copy}
          </button>
        </div>
        <label className="share-popup__time">
          <input type="checkbox" checked={withTimeCode} onChange={(event) => onToggleTimeCode(event.currentTarget.checked)} />
          <span>{ru.withTimeCode}</span> <span className="share-popup__time-value">{timeLabel}</span>
        </label>
        <span className="share-popup__status" role="status">{copied ? ru.copied : ''}</span>
      </div>
    </div>
  );
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last (aria-modal). */
function keepTabInside(panel: HTMLElement, event: KeyboardEvent) {
  const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = panel.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
