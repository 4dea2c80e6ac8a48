import type { MessageKey } from '../../i18n';

/** The greeting for an hour of the day (0-23): morning, noon, afternoon or evening. */
export function greetingKey(hour: number): MessageKey {
  if (hour >= 5 && hour < 11) return 'dashboard.greeting.morning';
  if (hour >= 11 && hour < 13) return 'dashboard.greeting.noon';
  if (hour >= 13 && hour < 18) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}
