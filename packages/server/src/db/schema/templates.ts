import type {
  TemplateMedium,
  WhatsappButton,
  WhatsappCategory,
  WhatsappTemplateStatus,
} from '@b2b/domain/templates';
import type { Auto, Json, Timestamp } from './column-types.ts';

/** Message templates of the marketing area (migration 0071, issue 23). */
export interface TemplatesTable {
  id: Auto<number>;
  company_id: number;
  medium: TemplateMedium;
  name: string;
  is_active: Auto<boolean>;
  subject: string | null;
  html_body: string | null;
  text_body: string | null;
  from_name: string | null;
  body: string | null;
  sender_header: string | null;
  dlt_template_id: string | null;
  dlt_entity_id: string | null;
  meta_template_name: string | null;
  language: string | null;
  category: WhatsappCategory | null;
  header_text: string | null;
  footer: string | null;
  buttons: Json<WhatsappButton[]>;
  whatsapp_status: WhatsappTemplateStatus | null;
  rejection_reason: string | null;
  title: string | null;
  link_url: string | null;
  icon_url: string | null;
  archived_at: Date | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
