import { fireEvent, render, screen } from '@testing-library/react';
import { PhoneList } from '../../../client/src/features/profile/components/phone-list';

describe('adding a phone number (issue 54, item 16)', () => {
  it('says why ADD PHONE is off while the number is partial, and stops saying it once whole', () => {
    render(<PhoneList paxId={7} phones={[]} />);
    const input = screen.getByLabelText('Add a phone number');
    const add = screen.getByRole('button', { name: 'ADD PHONE' });
    expect(screen.queryByText(/Enter all 10 digits/)).toBeNull();
    fireEvent.change(input, { target: { value: '555-0142' } });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    const hint = screen.getByText('Enter all 10 digits, as 949-555-0142, to add it');
    expect(add.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.change(input, { target: { value: '9495550142' } });
    expect(screen.queryByText(/Enter all 10 digits/)).toBeNull();
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });
});
