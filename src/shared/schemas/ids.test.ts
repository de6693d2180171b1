import { describe, expect, it } from 'vitest';
import { EVENT_MSG } from '../messages/events';
import { HoldRequestSchema } from './checkout';
import { EventIdSchema, ProducerIdSchema } from './ids';
import { InvitationListQuerySchema } from './invitations';
import { SalesScopeQuerySchema } from './sales';
import { TeamQuerySchema } from './team';

describe('an event id', () => {
  it('is a JSON number or its digits (a path or a query string)', () => {
    expect(EventIdSchema.parse(12)).toBe(12);
    expect(EventIdSchema.parse('12')).toBe(12);
  });

  it.each([0, -1, 1.5, '0', '1.5', ' 5', '+5', '0x10', '1e3', '', 'abc', true, null, undefined, '9'.repeat(16)])(
    'refuses %j with the one event-id message',
    (value) => {
      const result = EventIdSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([EVENT_MSG.invalid]);
    },
  );

  it('is read alike in a body, a query and the sales scope', () => {
    const items = [{ ticket_type_id: 1, quantity: 1 }];
    expect(HoldRequestSchema.safeParse({ event_id: '7', items }).data?.event_id).toBe(7);
    expect(InvitationListQuerySchema.safeParse({ event_id: '7' }).data?.event_id).toBe(7);
    expect(SalesScopeQuerySchema.safeParse({ event_id: '7' }).data?.event_id).toBe(7);
    for (const schema of [InvitationListQuerySchema, SalesScopeQuerySchema]) {
      const refused = schema.safeParse({ event_id: '0x10' });
      expect(refused.error?.issues[0]?.message).toBe(EVENT_MSG.invalid);
    }
  });
});

describe('a producer id', () => {
  it('is read with its one message in the sales scope and the team query alike', () => {
    expect(ProducerIdSchema.parse('3')).toBe(3);
    for (const schema of [SalesScopeQuerySchema, TeamQuerySchema]) {
      expect(schema.safeParse({ producer_id: '3' }).data?.producer_id).toBe(3);
      expect(schema.safeParse({ producer_id: 'x' }).error?.issues[0]?.message).toBe(EVENT_MSG.producerInvalid);
    }
  });
});
