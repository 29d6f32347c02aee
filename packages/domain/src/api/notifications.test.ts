import { describe, expect, it } from 'vitest';
import { notificationResolvedMessage, notificationResolveQuery } from './notifications.ts';

describe('notifications', () => {
  it("says '{type} has been Marked as Resolved.' with the type's label", () => {
    expect(notificationResolvedMessage('warning')).toBe('Warning has been Marked as Resolved.');
    expect(notificationResolvedMessage('error')).toBe('Error has been Marked as Resolved.');
    expect(notificationResolvedMessage('info')).toBe('Info has been Marked as Resolved.');
  });

  it('resolves by an ISO timestamp and a service name', () => {
    expect(
      notificationResolveQuery.safeParse({ timestamp: '2025-04-01T10:00:00.123Z', service: 'inventory' })
        .success,
    ).toBe(true);
    expect(
      notificationResolveQuery.safeParse({ timestamp: '2025-04-01T15:30:00.123+05:30', service: 'inventory' })
        .success,
    ).toBe(true);
    expect(notificationResolveQuery.safeParse({ timestamp: 'yesterday', service: 'inventory' }).success).toBe(
      false,
    );
    expect(
      notificationResolveQuery.safeParse({ timestamp: '2025-04-01T10:00:00Z', service: 'Stock Service' })
        .success,
    ).toBe(false);
  });
});
