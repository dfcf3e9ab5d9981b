import { useStore } from '@nanostores/react';
import { $authState, $user } from '@plateia/core';
import { type ReactNode, useEffect, useState } from 'react';
import { LoggedOutCard } from './LoggedOutCard.tsx';

const SUPPORT_ICON =
  'M12 2a10 10 0 1 0 10 10A10 10 0 0 0 12 2Zm1 17h-2v-2h2Zm2.1-7.7-.9.9A3.4 3.4 0 0 0 13 15h-2v-.5a4 4 0 0 1 1.2-2.8l1.2-1.3A2 2 0 1 0 10 9H8a4 4 0 1 1 7.1 2.3Z';

/**
 * Renders `children` (keyed by the customer) once the session is known and someone is
 * logged in; a skeleton while loading and the login card otherwise.
 */
export function AccountGate({
  reason,
  children,
}: {
  reason: string;
  children: (userId: number) => ReactNode;
}) {
  const authState = useStore($authState);
  const user = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || authState === 'loading') return <div className="card friends-skeleton" aria-busy="true" />;
  if (authState === 'loggedOut' || !user)
    return <LoggedOutCard iconPath={SUPPORT_ICON}>{reason}</LoggedOutCard>;
  return <div key={user.id}>{children(Number(user.id))}</div>;
}
