import { useEffect, useState } from 'react';
import { SharePopup } from '../ui/components/share-popup.tsx';
import { copyText } from './share/copy-text.ts';
import { describeShare, type ShareContext } from './share/share-flow.ts';

/** How long 'Скопировано' stays on the copy button. */
const COPIED_FOR_MS = 2000;

/**
 * The share popup with its behaviour: the link for the box ticked or not (SPEC.md section 5)
 * and copying. The context is taken once, when the popup opens: the video is paused then, so
 * the time shown is the time shared.
 */
export function SharePanel({ context, onClose }: { context: ShareContext; onClose(): void }) {
  const [withTimeCode, setWithTimeCode] = useState(false);
  const [copied, setCopied] = useState(false);
  const view = describeShare(context, withTimeCode);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!view) return null;
  return (
    <SharePopup
      link={view.link}
      withTimeCode={withTimeCode}
      timeLabel={view.timeLabel}
      onToggleTimeCode={setWithTimeCode}
      socialLinks={view.socialLinks}
      copied={copied}
      onCopy={() => void copyText(view.link).then(setCopied)}
      onClose={onClose}
    />
  );
}
