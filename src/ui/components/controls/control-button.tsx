import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './icons.tsx';

export interface ControlButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'> {
  /** The accessible name, also shown as the tooltip (after 700 ms, SPEC.md section 9, in CSS). */
  label: string;
  icon: IconName;
}

/** A real button with an icon and a Russian accessible name. */
export function ControlButton({ label, icon, className, ...rest }: ControlButtonProps) {
  return (
    <button type="button" className={`control-button${className ? ` ${className}` : ''}`} aria-label={label} data-tooltip={label} {...rest}>
      <Icon name={icon} />
    </button>
  );
}
