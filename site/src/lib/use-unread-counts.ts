import { useStore } from '@nanostores/react';
import { $unreadCounts, startUnreadCounts, stopUnreadCounts } from '@plateia/core';
import { useEffect, useMemo } from 'react';

/**
 * Unread messages per friend id, refreshed every 10 s while the calling component is mounted
 * (docs/social.md). The caller is keyed by the customer, so a change of account remounts it.
 */
export function useUnreadCounts(): Map<number, number> {
  const counts = useStore($unreadCounts);
  useEffect(() => {
    startUnreadCounts();
    return stopUnreadCounts;
  }, []);
  return useMemo(() => new Map(counts.map((entry) => [entry.userId, entry.count])), [counts]);
}
