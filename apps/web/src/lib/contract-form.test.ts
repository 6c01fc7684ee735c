import { updateAccountBodySchema } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { contractProblems } from './contract-form';
import { PROFILE_PROBLEMS } from './member-profile-form';

const account = {
  name: 'Lovelace',
  surname: 'Ada',
  pseudo: 'ada',
  birthday: '1990-12-10',
  email: 'ada@example.com',
  address: '',
  zip_code: '',
  town: '',
  country: '',
};

describe('contractProblems', () => {
  it('finds nothing in a body the contract takes', () => {
    expect(
      contractProblems(updateAccountBodySchema, account, { problems: PROFILE_PROBLEMS }),
    ).toEqual({});
  });

  it('says a field is required when it is left empty, whatever the rule it breaks', () => {
    const body = { ...account, name: '  ', pseudo: '', birthday: '', email: '' };
    expect(contractProblems(updateAccountBodySchema, body, { problems: PROFILE_PROBLEMS })).toEqual(
      {
        name: 'forms.problems.required',
        pseudo: 'forms.problems.required',
        birthday: 'forms.problems.required',
        email: 'forms.problems.required',
      },
    );
  });

  it("names the field's own problem when it is filled in wrong, and a generic one otherwise", () => {
    const body = {
      ...account,
      pseudo: 'a',
      birthday: '2999-01-01',
      email: 'ada',
      town: 'x'.repeat(101),
    };
    expect(contractProblems(updateAccountBodySchema, body, { problems: PROFILE_PROBLEMS })).toEqual(
      {
        pseudo: 'forms.problems.pseudo',
        birthday: 'forms.problems.birthday',
        email: 'forms.problems.email',
        town: 'forms.problems.invalid',
      },
    );
  });
});
