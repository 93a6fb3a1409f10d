import { render, screen } from '@testing-library/react';
import { MessagePreferencesForm } from '../../../client/src/features/profile/components/message-preferences-form';
import { messagePreferencesApi } from '../../../client/src/features/profile/api/message-preferences-api';

/**
 * Each choice is a block: PrimeReact's Checkbox renders a <div>, which a <p> may not hold (React's development build
 * said so on every profile page, and an end-to-end run served such a build failed on it).
 */
describe('the profile’s message choices', () => {
  afterEach(() => jest.restoreAllMocks());

  it('show both choices as loaded, in markup React accepts', async () => {
    jest.spyOn(messagePreferencesApi, 'load').mockResolvedValue({ emailMarketing: true, smsMarketing: false });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<MessagePreferencesForm paxId={7} />);
    const email = await screen.findByLabelText<HTMLInputElement>('Offers, reminders and survey invitations by e-mail');
    expect(email.checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Offers by text message (message and data rates may apply)').checked).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });
});
