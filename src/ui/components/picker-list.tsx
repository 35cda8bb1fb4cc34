import { useEffect, useRef, type KeyboardEvent } from 'react';

/** One choice of a picker (an episode, a voice-over): the list draws it, the picker's button shows the chosen one. */
export interface PickerOption {
  id: number;
  label: string;
}

export interface PickerListProps {
  id: string;
  /** The menu's accessible name. */
  menuName: string;
  options: readonly PickerOption[];
  selectedId: number | undefined;
  onSelect(id: number): void;
  /** Closes the list; `refocus`: focus goes back to the picker's button. */
  onClose(refocus: boolean): void;
}

/**
 * A picker's open list (menu / menuitemradio), in the UI extras' chunk: the checked item takes
 * focus when it opens, arrow keys move between items, Escape closes it.
 */
export function PickerList({ id, menuName, options, selectedId, onSelect, onClose }: PickerListProps) {
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const items = menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]');
    const checked = menu.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') onClose(true);
    else return;
    event.preventDefault();
  };

  return (
    <ul ref={menu} id={id} className="picker__menu" role="menu" aria-label={menuName} onKeyDown={onKeyDown}>
      {options.map((option) => (
        <li
          key={option.id}
          role="menuitemradio"
          aria-checked={option.id === selectedId}
          tabIndex={-1}
          className="picker__item"
          onClick={() => {
            onSelect(option.id);
            onClose(false);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            onSelect(option.id);
            onClose(true);
          }}
        >
          {option.label}
        </li>
      ))}
    </ul>
  );
}
