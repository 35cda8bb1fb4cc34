import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

export interface PickerOption {
  id: number;
  label: string;
}

export interface PickerMenuProps {
  /** The button's text: the current choice. */
  label: string;
  /** The menu's accessible name. */
  menuName: string;
  options: readonly PickerOption[];
  selectedId: number | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSelect(id: number): void;
  /** Extra class names for the picker's box (its place in a row). */
  className?: string | undefined;
}

/**
 * A button that opens a list of choices (menu / menuitemradio). Arrow keys move between items,
 * Escape closes and returns focus to the button; which menu is open is the caller's state, so
 * only one is open at a time (SPEC.md section 4).
 */
export function PickerMenu({ label, menuName, options, selectedId, open, onOpenChange, onSelect, className }: PickerMenuProps) {
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]');
    const checked = menu.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') {
      onOpenChange(false);
      button.current?.focus();
    } else return;
    event.preventDefault();
  };

  return (
    <div className={className ? `picker ${className}` : 'picker'}>
      <button ref={button} type="button" className="picker__button" aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined} onClick={() => onOpenChange(!open)}>
        {label}
      </button>
      {open ? (
        <ul ref={menu} id={menuId} className="picker__menu" role="menu" aria-label={menuName} onKeyDown={onKeyDown}>
          {options.map((option) => (
            <li
              key={option.id}
              role="menuitemradio"
              aria-checked={option.id === selectedId}
              tabIndex={-1}
              className="picker__item"
              onClick={() => {
                onSelect(option.id);
                onOpenChange(false);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                onSelect(option.id);
                onOpenChange(false);
                button.current?.focus();
              }}
            >
              {option.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
