import { z } from 'zod';
import { id } from './common.ts';

export const salesChannelOutput = z.object({
  id,
  name: z.string(),
  display_name: z.string(),
  is_active: z.boolean(),
  is_marketing_enabled: z.boolean(),
});
