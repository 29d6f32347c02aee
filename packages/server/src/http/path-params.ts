import { idParam } from '@b2b/domain/api/common';
import { z } from 'zod';

/** The params of a path under one company: `/companies/:companyId/...` (the guard checks it is the caller's). */
export const companyParams = z.object({ companyId: idParam });

/** The params of a path of one record: `/brands/:id/...`. */
export const recordParams = z.object({ id: idParam });
