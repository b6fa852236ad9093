import type { ReactNode } from 'react';
import { MessageOutline } from 'antd-mobile-icons';
import './support.css';

/** A centred card: an icon, a title, a line of text and the way on. */
export function SupportCard({
  title,
  text,
  testId,
  children,
}: {
  title: string;
  text: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <section className="support-card" data-testid={testId} aria-labelledby={testId ? `${testId}-title` : undefined}>
      <span className="support-art circle-44 tint-primary" aria-hidden="true">
        <MessageOutline fontSize={24} />
      </span>
      <h2 id={testId ? `${testId}-title` : undefined} className="support-title">
        {title}
      </h2>
      <p className="support-text">{text}</p>
      {children}
    </section>
  );
}
