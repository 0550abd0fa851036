import { ActivationFlow } from './activation-page.tsx';

/** `#/account/set-password?token=`: the activation's password form without the instructions. */
export const SetPasswordPage = () => <ActivationFlow withInstructions={false} />;
