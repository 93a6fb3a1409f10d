import { fieldErrorsOf } from '../../../client/src/features/catalogue-tools/components/field-errors';
import { fieldRefusals } from '../../../client/src/lib/in-words';
import { ApiError } from '../../../client/src/lib/problem';

/** Issue 28, item 6: the messages beside the catalogue's fields carry no API codes and the date format the fields show. */
describe('field errors beside the catalogue forms', () => {
  it('are in words', () => {
    const refusal = new ApiError(
      400,
      {
        errors: [
          { path: 'body.endDate', message: 'must be on or after startDate' },
          { path: 'body.category', message: 'must be "TREATMENT" | "PARTNER"' },
          { path: 'body.startDate', message: 'must be a date as YYYY-MM-DD' },
        ],
      },
      '/api/rest/certificate-categories',
    );
    expect(fieldErrorsOf(refusal)).toEqual({
      endDate: 'must be on or after the start date',
      category: 'must be Treatment or Partner',
      startDate: 'must be a date as MM/DD/YYYY',
    });
  });

  it('and so are the sentences of the other forms', () => {
    expect(fieldRefusals({ errors: [{ path: 'body.thruDate', message: 'must not be before fromDate' }] }, { thruDate: 'Through date' })).toEqual({
      thruDate: 'Through date must not be before the from date.',
    });
  });
});
