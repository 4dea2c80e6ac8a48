import { useSyncExternalStore } from 'react';
import { readDebugLog, subscribeDebugLog, type DebugEntry } from './debug-log-store';

/** The local debug log entries; re-renders whenever an entry is recorded or removed. */
export function useDebugLog(): readonly DebugEntry[] {
  return useSyncExternalStore(subscribeDebugLog, readDebugLog, readDebugLog);
}
