import { confirmationText } from '../../../client/src/features/survey-builder/words';

describe('survey list confirmations', () => {
  it('inactivate names the survey and says what happens to members taking it and who took it', () => {
    expect(confirmationText('inactivate', 'Skin quiz')).toBe(
      'Inactivate “Skin quiz”? Members can no longer take it until it is active again. A member taking it now cannot send the answers and is told it is no longer available; members who have taken it keep their answers and the points they earned.',
    );
  });
  it('delete says the same and that it is final', () => {
    expect(confirmationText('delete', 'Skin quiz')).toBe(
      'Delete “Skin quiz”? Members can no longer take it. A member taking it now cannot send the answers and is told it is no longer available; members who have taken it keep their answers and the points they earned. A deleted survey cannot be edited or made active again.',
    );
  });
});
