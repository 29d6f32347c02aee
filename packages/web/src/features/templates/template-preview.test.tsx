import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TemplatePreview } from './template-preview';

describe('TemplatePreview', () => {
  it('fills an SMS with the sample contact and counts its parts', () => {
    renderWithProviders(
      <TemplatePreview
        content={{ medium: 'sms', body: 'Hi {buyer_name}, code {coupon_code}' }}
        senderHeader="ACMEDI"
      />,
    );
    expect(screen.getByText('Hi Sharma Traders, code DIWALI10')).toBeTruthy();
    expect(screen.getByTestId('sms-counter').textContent).toContain('1 SMS');
    expect(screen.getByText('ACMEDI')).toBeTruthy();
  });

  it('shows a WhatsApp bubble with its header, footer and buttons', () => {
    renderWithProviders(
      <TemplatePreview
        content={{
          medium: 'whatsapp',
          header_text: 'Offer for {buyerName}',
          body: 'Use {couponCode}',
          footer: 'Reply STOP to opt out',
          buttons: [{ type: 'quick_reply', text: 'Not interested' }],
        }}
      />,
    );
    const bubble = screen.getByTestId('whatsapp-bubble');
    expect(bubble.textContent).toContain('Offer for Sharma Traders');
    expect(bubble.textContent).toContain('Use DIWALI10');
    expect(bubble.textContent).toContain('Reply STOP to opt out');
    expect(screen.getByText('Not interested')).toBeTruthy();
  });

  it('gives an e-mail its plain-text part from the HTML, values filled', () => {
    renderWithProviders(
      <TemplatePreview
        content={{ medium: 'email', subject: 'Hi', html_body: '<p>Due: {outstanding_amount}</p>' }}
      />,
    );
    expect(screen.getByTestId('email-text-preview').textContent).toBe('Due: ₹12,450.00');
  });
});
