import { useId, useRef } from 'react';
import { useExtras } from '../extras/extras-source.ts';
import type { PickerOption } from './picker-list.tsx';

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
 * A button that opens a list of choices (menu / menuitemradio; the list is PickerList, in the UI
 * extras' chunk, asked for when the picker opens). Which menu is open is the caller's state, so
 * only one is open at a time (SPEC.md section 4).
 */
export function PickerMenu({ label, menuName, options, selectedId, open, onOpenChange, onSelect, className }: PickerMenuProps) {
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const extras = useExtras(open);
  const shown = open && extras !== undefined;
  return (
    <div className={className ? `picker ${className}` : 'picker'}>
      <button ref={button} type="button" className="picker__button" aria-haspopup="menu" aria-expanded={open} aria-controls={shown ? menuId : undefined} onClick={() => onOpenChange(!open)}>
        {label}
      </button>
      {shown ? (
        <extras.PickerList
          id={menuId}
          menuName={menuName}
          options={options}
          selectedId={selectedId}
          onSelect={onSelect}
          onClose={(refocus) => {
            onOpenChange(false);
            if (refocus) button.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
