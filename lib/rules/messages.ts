// Every validation text from spec section 5, spelled exactly as the spec spells it.
export const messages = {
  nameRequired: 'Name is required',
  nameMin: 'Name Must be three Characters or More',
  nameMax: 'Name Must be less than 14 characters',
  // Not the spec's: a name goes into mail and pages, where line breaks and direction overrides would forge text.
  nameCharacters: 'Name must not contain line breaks, control or direction characters',
  emailRequired: 'email is required',
  emailInvalid: 'email is not Valid',
  passwordRequired: 'password is required',
  passwordMin: 'Password must be 6 charachters or more',
  passwordMax: 'Password is very large must be less than Characters',
  rePasswordRequired: 'Please confirm your password',
  rePasswordMatch: 'Passwords must be match',
  phoneRequired: 'Phone is required',
  phoneEgyptian: 'Phone must be Egptian Number',
} as const;

export const limits = {
  nameMin: 3,
  nameMax: 14,
  passwordMin: 6,
  passwordMax: 20,
} as const;
