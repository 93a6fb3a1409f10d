import { looksLikeSamePerson, mailboxOf, type PersonFacts } from '../../../server/referrals/self-referral';

const owner: PersonFacts = { emails: ['Jane.Doe@Example.com'], phones: ['9495550100'], lastName: 'Doe', dateOfBirth: '1990-04-01', postalCode: '92612-1234' };
const friend = (over: Partial<PersonFacts> = {}): PersonFacts => ({
  emails: ['sam@example.org'],
  phones: [],
  lastName: 'Smith',
  dateOfBirth: '1991-02-03',
  postalCode: '92612',
  ...over,
});

describe('self-referral', () => {
  describe('when the applicant shares the owner’s mailbox', () => {
    it.each(['jane.doe@example.com', 'janedoe@example.com', 'JANE.DOE+rewards@EXAMPLE.com', 'j.a.n.e.d.o.e+1+2@example.com'])('refuses %s', (email) => {
      expect(looksLikeSamePerson(friend({ emails: [email] }), owner)).toBe(true);
    });
    it('accepts the same local part at another domain', () => {
      expect(looksLikeSamePerson(friend({ emails: ['janedoe@example.org'] }), owner)).toBe(false);
    });
  });

  describe('when the applicant shares a phone number', () => {
    it.each(['9495550100', '(949) 555-0100', '+1 949 555 0100'])('refuses %s', (phone) => {
      expect(looksLikeSamePerson(friend({ phones: [phone] }), owner)).toBe(true);
    });
  });

  describe('when last name, date of birth and ZIP all match', () => {
    it('refuses, ignoring case and the ZIP+4 suffix', () => {
      expect(looksLikeSamePerson(friend({ lastName: ' doe ', dateOfBirth: '1990-04-01', postalCode: '92612' }), owner)).toBe(true);
    });
    it.each([
      ['another last name', { lastName: 'Roe', dateOfBirth: '1990-04-01', postalCode: '92612' }],
      ['another birthday (a sibling)', { lastName: 'Doe', dateOfBirth: '1992-04-01', postalCode: '92612' }],
      ['another ZIP', { lastName: 'Doe', dateOfBirth: '1990-04-01', postalCode: '10001' }],
    ])('accepts %s', (_what, over) => {
      expect(looksLikeSamePerson(friend(over), owner)).toBe(false);
    });
  });

  it('accepts a genuine friend', () => {
    expect(looksLikeSamePerson(friend(), owner)).toBe(false);
  });
  it('never matches on missing facts', () => {
    expect(
      looksLikeSamePerson(friend({ lastName: 'Doe', dateOfBirth: null, postalCode: null }), { ...owner, dateOfBirth: null, postalCode: null, phones: [''] }),
    ).toBe(false);
  });
});

describe('mailboxOf', () => {
  it('drops dots and the plus suffix from the local part only', () => {
    expect(mailboxOf(' A.B+x@Mail.Example.COM ')).toBe('ab@mail.example.com');
  });
});
