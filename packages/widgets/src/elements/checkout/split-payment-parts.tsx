/**
 * The parts of "Dividir com amigos" (split-payment.tsx): the buyer's accepted friends to pick
 * from, the deadlines on offer, one share's fields and the deadline field.
 */
import { fetchFriendships } from '@plateia/core/api/friends';
import { formatDateTime } from '@plateia/core/format/dates';
import { SHARED_PAYMENT_MESSAGES as M } from '@plateia/core/messages/shared-payments';
import {
  DEFAULT_DEADLINE_HOURS,
  MAX_DEADLINE_HOURS,
  sharedPaymentDeadline,
} from '@plateia/core/rules/shared-payments';
import type { $user } from '@plateia/core/stores/session';
import { type ReactNode, useEffect, useMemo, useState } from 'react';

/** Deadlines offered, in hours from now (clipped by the event; the API host clips again). */
const DEADLINE_CHOICES = [2, 6, 12, DEFAULT_DEADLINE_HOURS, 48, MAX_DEADLINE_HOURS] as const;
const HOUR_MS = 3_600_000;

/** One share as typed: the friend's e-mail, the amount in reais and the tickets it receives. */
export interface Row {
  email: string;
  amount: string;
  tickets: number;
}

/** A deadline on offer: the choice in hours and the date it gives. */
export interface DeadlineChoice {
  hours: number;
  date: Date;
}

/**
 * The e-mails of the buyer's accepted friends, to pick from; any e-mail works without them,
 * so a failed read leaves the list empty (docs/shared-payments.md: list-load errors are silent).
 */
export function useFriendEmails(user: ReturnType<typeof $user.get>): string[] {
  const [friends, setFriends] = useState<string[]>([]);
  useEffect(() => {
    if (!user) return;
    fetchFriendships(user.id, 1)
      .then((list) => setFriends(list.map((friendship) => friendship.friend.user).filter(Boolean)))
      .catch(() => {
        // Spec §8: list-load errors are silent; the e-mail field stays.
      });
  }, [user]);
  return friends;
}

/**
 * What each deadline choice gives once clipped by the event (24 h before it, `startsAt`), so
 * the list never offers a date the API host would move; a choice that collapses onto another
 * is dropped.
 */
export function useDeadlineChoices(startsAt: string | null): DeadlineChoice[] {
  return useMemo(() => {
    const now = new Date();
    const seen = new Set<number>();
    return DEADLINE_CHOICES.flatMap((choice) => {
      const asked = new Date(now.getTime() + choice * HOUR_MS);
      const date = startsAt ? sharedPaymentDeadline(now, new Date(startsAt), asked) : asked;
      if (!date || seen.has(date.getTime())) return [];
      seen.add(date.getTime());
      return [{ hours: choice, date }];
    });
  }, [startsAt]);
}

interface ShareFieldsProps {
  /** The share's position, from 1 (the buyer's). */
  position: number;
  row: Row;
  /** Prefix of the fields' ids. */
  idPrefix: string;
  leaderEmail: string;
  friends: string[];
  onChange: (patch: Partial<Row>) => void;
}

/**
 * One share: the buyer's own (named by their e-mail) or a friend's (picked from the friends
 * or typed), then its amount and tickets.
 */
export function ShareFields({
  position,
  row,
  idPrefix,
  leaderEmail,
  friends,
  onChange,
}: ShareFieldsProps): ReactNode {
  const id = `${idPrefix}-share-${position}`;
  return (
    <li className="line">
      <div className="holders">
        {position === 1 ? (
          <p className="line-name">
            {M.yourShare} ({leaderEmail})
          </p>
        ) : (
          <>
            {friends.length > 0 && (
              <div className="field">
                <label htmlFor={`${id}-friend`}>{M.pickFriend(position)}</label>
                <select
                  id={`${id}-friend`}
                  part="input"
                  value={friends.includes(row.email) ? row.email : ''}
                  onChange={(event) => onChange({ email: event.currentTarget.value })}
                >
                  <option value="">{M.pickFriendNone}</option>
                  {friends.map((email) => (
                    <option key={email} value={email}>
                      {email}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="field">
              <label htmlFor={`${id}-email`}>{M.friendEmail(position - 1)}</label>
              <input
                id={`${id}-email`}
                part="input"
                type="email"
                autoComplete="off"
                value={row.email}
                onChange={(event) => onChange({ email: event.currentTarget.value })}
              />
            </div>
          </>
        )}
        <div className="row">
          <div className="field">
            <label htmlFor={`${id}-amount`}>{M.shareAmount(position)}</label>
            <input
              id={`${id}-amount`}
              part="input"
              inputMode="decimal"
              value={row.amount}
              onChange={(event) => onChange({ amount: event.currentTarget.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-tickets`}>{M.shareTickets(position)}</label>
            <input
              id={`${id}-tickets`}
              part="input"
              type="number"
              min={0}
              step={1}
              value={row.tickets}
              onChange={(event) =>
                onChange({ tickets: Math.max(0, Math.floor(Number(event.currentTarget.value) || 0)) })
              }
            />
          </div>
        </div>
      </div>
    </li>
  );
}

interface DeadlineFieldProps {
  id: string;
  choices: DeadlineChoice[];
  chosen: DeadlineChoice;
  onChoose: (hours: number) => void;
}

/** "Prazo para pagar": the deadlines on offer, and the hint with the chosen one. */
export function DeadlineField({ id, choices, chosen, onChoose }: DeadlineFieldProps): ReactNode {
  return (
    <div className="field">
      <label htmlFor={id}>{M.deadline}</label>
      <select
        id={id}
        part="input"
        value={chosen.hours}
        onChange={(event) => onChoose(Number(event.currentTarget.value))}
      >
        {choices.map((choice) => (
          <option key={choice.hours} value={choice.hours}>
            {formatDateTime(choice.date)}
          </option>
        ))}
      </select>
      <p className="hint">{M.deadlineHint(formatDateTime(chosen.date))}</p>
    </div>
  );
}
