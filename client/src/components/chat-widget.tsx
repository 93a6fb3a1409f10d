import { useState } from 'react';
import { paths } from '../config/routes';
import { Link } from 'wouter';

/** The chat button at the bottom right; this demonstration has no live agent, so it points to the contact page. */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  return (
    <div className="chat-widget">
      {open && (
        <div className="chat-widget__panel" role="dialog" aria-label="Chat" id="chat-panel">
          <p>Our member services team is offline in this demonstration.</p>
          <Link href={paths.contact} onClick={() => setOpen(false)}>
            Contact us
          </Link>
        </div>
      )}
      <button type="button" className="chat-widget__button" aria-expanded={open} aria-controls="chat-panel" onClick={() => setOpen((o) => !o)}>
        <i className="pi pi-comments" aria-hidden="true" />
        <span className="visually-hidden">Chat with us</span>
      </button>
    </div>
  );
}
