export const LOGIN_NOT_SUPPORTED_MESSAGE =
  'Sign in through the identity provider: use its SignIn component on /login.';
export const REGISTER_NOT_SUPPORTED_MESSAGE =
  'Sign up through the identity provider: use its SignUp component on /register.';
