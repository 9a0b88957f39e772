/**
 * /auth: sign in, sign up (then confirm the e-mailed code) and reset password. `?reset=true` (the link in the
 * reset e-mail, or the step after asking for one) opens "set a new password".
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { getSessionToken } from '@web/lib/amplify';
import styles from './auth-page.module.css';
import { ConfirmSignUpForm } from './confirm-sign-up-form';
import { NewPasswordForm } from './new-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Mode =
  | { name: 'sign-in'; email?: string; notice?: string }
  | { name: 'sign-up' }
  | { name: 'reset' }
  | { name: 'confirm'; email: string; reason: 'signed-up' | 'unconfirmed' };

export function AuthPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>({ name: 'sign-in' });
  const isSettingNewPassword = searchParams.get('reset') === 'true';

  // A visitor who is already signed in has nothing to do here.
  useEffect(() => {
    let active = true;
    getSessionToken().then(
      (token) => {
        if (active && token) void navigate('/', { replace: true });
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [navigate]);

  const showSignIn = (email?: string, notice?: string) => {
    setSearchParams({}, { replace: true });
    setMode({ name: 'sign-in', email, notice });
  };

  if (isSettingNewPassword) {
    return (
      <AuthLayout title="Set a new password" description="Enter the code from the reset email and choose a new password.">
        <NewPasswordForm
          defaultEmail={(location.state as { email?: string } | null)?.email ?? ''}
          onDone={(email) => showSignIn(email, 'Your password has been changed. Sign in with your new password.')}
          onBack={() => showSignIn()}
        />
      </AuthLayout>
    );
  }

  switch (mode.name) {
    case 'reset':
      return (
        <AuthLayout title="Reset password" description="Enter your email and we'll send you a code to reset your password.">
          <ResetPasswordForm
            // The address travels in history state, not in the URL (which ends up in logs).
            onSent={(email) => setSearchParams({ reset: 'true' }, { state: { email } })}
            onBack={() => showSignIn()}
          />
        </AuthLayout>
      );
    case 'confirm':
      return (
        <AuthLayout title="Confirm your email" description={`Enter the code we emailed to ${mode.email}.`}>
          <ConfirmSignUpForm
            email={mode.email}
            reason={mode.reason}
            onConfirmed={() => showSignIn(mode.email, 'Your email is confirmed. Sign in to continue.')}
            onBack={() => showSignIn(mode.email)}
          />
        </AuthLayout>
      );
    default:
      return (
        <AuthLayout title="Welcome to LeaseDesk" description="Sign in to your account, or create a broker account with your company email.">
          <Tabs value={mode.name} onValueChange={(value) => setMode(value === 'sign-up' ? { name: 'sign-up' } : { name: 'sign-in' })}>
            <TabList label="Sign in or sign up">
              <Tab value="sign-in">Sign In</Tab>
              <Tab value="sign-up">Sign Up</Tab>
            </TabList>
            <TabPanel value="sign-in">
              <SignInForm
                defaultEmail={mode.name === 'sign-in' ? mode.email : undefined}
                notice={mode.name === 'sign-in' ? mode.notice : undefined}
                onForgotPassword={() => setMode({ name: 'reset' })}
                onNeedsConfirmation={(email) => setMode({ name: 'confirm', email, reason: 'unconfirmed' })}
                onNeedsPasswordReset={() => setMode({ name: 'reset' })}
              />
            </TabPanel>
            <TabPanel value="sign-up">
              <SignUpForm onSignedUp={(email) => setMode({ name: 'confirm', email, reason: 'signed-up' })} />
            </TabPanel>
          </Tabs>
        </AuthLayout>
      );
  }
}

function AuthLayout({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.container}>
        <div className={styles.brand} aria-hidden="true">
          <span className={styles.logo}>LD</span>
          LeaseDesk
        </div>
        <Card>
          <CardHeader>
            <h1 className={styles.heading}>{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        <p className={styles.footer}>Vehicle lease brokerage, from first quote to delivery.</p>
      </div>
    </main>
  );
}
