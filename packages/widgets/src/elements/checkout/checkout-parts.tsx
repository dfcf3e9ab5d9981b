/**
 * What the checkout's screens share: the step frame that takes focus when it replaces
 * another, the countdown of a deadline, and the types of the event emitter and payment.
 */

import type { $payment } from '@plateia/core/stores/payment';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { PlateiaEventDetails, PlateiaEventName } from '../../shared/events.ts';

/** Emits a `plateia-*` event from the element (see `Checkout`). */
export type Emit = <Name extends PlateiaEventName>(type: Name, detail: PlateiaEventDetails[Name]) => void;

/** The payment store's state, as the payment screens read it. */
export type Payment = ReturnType<typeof $payment.get>;

/** "14:59" for a number of milliseconds left (never negative). */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

interface CountdownProps {
  /** The visible text before the time. */
  label: string;
  /** The timer's accessible name, which says what the time is left for. */
  name: string;
  /** The deadline (epoch ms). */
  until: number;
  part?: string;
}

/**
 * "Seu carrinho expira em 14:59", re-read every second while shown. A `role="timer"` is
 * not announced at every tick.
 */
export function Countdown({ label, name, until, part }: CountdownProps): ReactNode {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="countdown" part={part}>
      {label}{' '}
      <span role="timer" aria-label={name}>
        {formatRemaining(until - now)}
      </span>
    </p>
  );
}

interface StepProps {
  title: string;
  /** Whether the heading takes focus when the step appears. */
  focus: boolean;
  children: ReactNode;
  className?: string;
  part?: string;
}

/**
 * A step: a region named by its heading. The heading is focused when the step appears
 * after another one (not on page load), so keyboard and screen-reader users land at the
 * top of what just replaced the old step.
 */
export function Step({ title, focus, children, className = 'step', part }: StepProps): ReactNode {
  const id = useId();
  const ref = useRef<HTMLHeadingElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step mounts.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, []);
  return (
    <section className={className} aria-labelledby={id} part={part}>
      <h2 id={id} ref={ref} tabIndex={-1} part="title" className="title">
        {title}
      </h2>
      {children}
    </section>
  );
}
