export interface MessageCardProps {
  text: string;
  /** A button under the text, e.g. 'Перезагрузить страницу'. */
  action?: { label: string; onClick: () => void } | undefined;
}

/** A full-screen message card (SPEC.md section 2: full-screen message cards for errors). */
export function MessageCard({ text, action }: MessageCardProps) {
  return (
    <div className="message-card" role="alert">
      <p className="message-card__text">{text}</p>
      {action ? (
        <button type="button" className="message-card__button" onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
    </div>
  );
}
