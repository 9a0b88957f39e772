/**
 * /auth: sign in, sign up (then confirm the e-mailed code) and reset password. `?reset=true` (the link in the
 * reset e-mail, or the step after asking for one) opens "set a new password", filled with the link's e-mail and
 * code when it carries them.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { getSessionToken } from '@web/lib/amplify';
import { useDocumentTitle } from '@web/lib/document-title';
import { carriesResetSecrets, readResetLink } from '../reset-link';
import styles from './auth-page.module.css';
import { ConfirmSignUpForm } from './confirm-sign-up-form';
import { FirstPasswordForm } from './first-password-form';
import { NewPasswordForm } from './new-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Mode =
  | { name: 'sign-in'; email?: string; notice?: string }
  | { name: 'sign-up' }
  | { name: 'reset' }
  // The password stays in memory only, to sign the new user in once the code is confirmed.
  | { name: 'confirm'; email: string; reason: 'signed-up' | 'unconfirmed'; password?: string }
  | { name: 'first-password'; email: string };

const TITLES = {
  'sign-in': 'Sign In',
  'sign-up': 'Sign Up',
  reset: 'Reset Password',
  confirm: 'Confirm Email',
  'new-password': 'Set a New Password',
  'first-password': 'Choose Your Password',
} as const;

/** `start`: the tab shown first (/signup opens on "Sign Up", /auth on "Sign In"). */
export function AuthPage({ start = 'sign-in' }: { start?: 'sign-in' | 'sign-up' }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(start === 'sign-up' ? { name: 'sign-up' } : { name: 'sign-in' });
  const resetLink = readResetLink(searchParams, location.state);
  const view = resetLink ? 'new-password' : mode.name;
  const heading = useFocusOnViewChange(view);
  useDocumentTitle(TITLES[view]);

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

  // The reset link's e-mail and code move from the URL into history state at once: a URL ends up in logs and
  // Referer headers, and the code is a secret until used.
  useEffect(() => {
    if (resetLink && carriesResetSecrets(searchParams)) setSearchParams({ reset: 'true' }, { replace: true, state: resetLink });
  }, [resetLink, searchParams, setSearchParams]);

  const showSignIn = (email?: string, notice?: string) => {
    setSearchParams({}, { replace: true });
    setMode({ name: 'sign-in', email, notice });
  };

  if (resetLink) {
    return (
      <AuthLayout
        heading={heading}
        title="Set a new password"
        description={
          resetLink.textedTo
            ? `Enter the code we texted to ${resetLink.textedTo} and choose a new password.`
            : 'Enter the code from the reset email and choose a new password.'
        }
      >
        <NewPasswordForm
          defaultEmail={resetLink.email}
          defaultCode={resetLink.code}
          onDone={(email) => showSignIn(email, 'Your password has been changed. Sign in with your new password.')}
          onBack={() => showSignIn()}
        />
      </AuthLayout>
    );
  }

  switch (mode.name) {
    case 'reset':
      return (
        <AuthLayout
          heading={heading}
          title="Reset password"
          description="Enter your email and we'll send you a link to reset your password."
        >
          <ResetPasswordForm
            // The address travels in history state, not in the URL (which ends up in logs).
            onSent={(email, delivery) =>
              setSearchParams(
                { reset: 'true' },
                { state: { email, ...(delivery.medium === 'SMS' ? { textedTo: delivery.destination } : {}) } },
              )
            }
            onBack={() => showSignIn()}
          />
        </AuthLayout>
      );
    case 'first-password':
      return (
        <AuthLayout
          heading={heading}
          title="Choose your password"
          description={`Welcome! Replace the temporary password e-mailed to ${mode.email} with one of your own.`}
        >
          <FirstPasswordForm onBack={() => showSignIn(mode.email)} />
        </AuthLayout>
      );
    case 'confirm':
      return (
        <AuthLayout heading={heading} title="Confirm your email" description={`Enter the code we emailed to ${mode.email}.`}>
          <ConfirmSignUpForm
            email={mode.email}
            reason={mode.reason}
            password={mode.password}
            onConfirmed={() => showSignIn(mode.email, 'Your email is confirmed. Sign in to continue.')}
            onBack={() => showSignIn(mode.email)}
          />
        </AuthLayout>
      );
    default:
      return (
        <AuthLayout
          heading={heading}
          title="Welcome to LeaseDesk"
          description="Sign in to your account, or create a broker account with your company email."
        >
          <Tabs
            value={mode.name}
            onValueChange={(value) => setMode(value === 'sign-up' ? { name: 'sign-up' } : { name: 'sign-in' })}
          >
            <TabList label="Sign in or sign up">
              <Tab value="sign-in">Sign In</Tab>
              <Tab value="sign-up">Sign Up</Tab>
            </TabList>
            <TabPanel value="sign-in">
              <SignInForm
                defaultEmail={mode.name === 'sign-in' ? mode.email : undefined}
                notice={mode.name === 'sign-in' ? mode.notice : undefined}
                onForgotPassword={() => setMode({ name: 'reset' })}
                onNeedsConfirmation={(email, password) => setMode({ name: 'confirm', email, reason: 'unconfirmed', password })}
                onNeedsPasswordReset={() => setMode({ name: 'reset' })}
                onNeedsNewPassword={(email) => setMode({ name: 'first-password', email })}
              />
            </TabPanel>
            <TabPanel value="sign-up">
              <SignUpForm onSignedUp={(email, password) => setMode({ name: 'confirm', email, reason: 'signed-up', password })} />
            </TabPanel>
          </Tabs>
        </AuthLayout>
      );
  }
}

/**
 * Moving between modes replaces the control that had focus ("Forgot password?", "Back to sign in"), which would
 * drop focus to the page body: the new mode's heading takes it instead, so keyboard and screen-reader users land
 * at the top of the new step. Sign In and Sign Up are tabs of one view: there the tab keeps focus. The first render
 * leaves focus alone.
 */
function useFocusOnViewChange(view: string): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  const group = view === 'sign-in' || view === 'sign-up' ? 'welcome' : view;
  const shown = useRef(group);
  useEffect(() => {
    if (shown.current === group) return;
    shown.current = group;
    heading.current?.focus();
  }, [group]);
  return heading;
}

interface AuthLayoutProps {
  heading: RefObject<HTMLHeadingElement | null>;
  title: string;
  description: string;
  children: ReactNode;
}

function AuthLayout({ heading, title, description, children }: AuthLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={styles.container}>
        <div className={styles.brand} aria-hidden="true">
          <span className={styles.logo}>LD</span>
          LeaseDesk
        </div>
        <Card>
          <CardHeader>
            <h1 ref={heading} tabIndex={-1} className={styles.heading}>
              {title}
            </h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        <p className={styles.footer}>Vehicle lease brokerage, from first quote to delivery.</p>
      </div>
    </main>
  );
}
