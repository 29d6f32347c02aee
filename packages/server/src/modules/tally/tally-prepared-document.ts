import type { TallyFixTarget } from '@b2b/domain/api/tally';
import type { TallyAction, TallyAnyVoucher } from '@b2b/domain/tally/tally-xml';
import type { TallyDocumentKind } from '../../db/schema.ts';
import type { DocumentHead } from './tally.queries.ts';

/** A document made ready for Tally: its voucher, or the names it lacks. */
export interface PreparedDocument {
  kind: TallyDocumentKind;
  head: Pick<DocumentHead, 'id' | 'number' | 'date'>;
  guid: string;
  action: TallyAction;
  problems: { missing: string; target: TallyFixTarget; id: number }[];
  /** Null when a name is missing. */
  voucher: TallyAnyVoucher | null;
}
