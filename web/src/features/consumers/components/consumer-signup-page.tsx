/**
 * /consumer-signup?token= (public; docs/decisions.md, "Consumers (web)"): the invitation link is checked first, and
 * every state but "valid" shows its message ("No invitation token provided", "This invitation link is no longer valid",
 * "This invitation has already been used", "This invitation has expired", "Failed to verify invitation") with the way
 * to sign in. A valid link shows whose account this is, with the e-mail it signs in with (the invited one, never
 * chosen here: docs/decisions.md, "Consumers"), and asks for a password under the account rules, typed twice (an SMS
 * invitation also for the code e-mailed to that address, "Email me a code": docs/decisions.md, "E-mail code for SMS
 * invitations"); then
 * the account is created, signed in, and the consumer lands on /consumer-dashboard.
 *
 * Kept light: the page loads neither the staff screens nor Amplify until the consumer submits.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod';
import { PASSWORDS_DONT_MATCH_MESSAGE } from '@shared/auth/schemas';
import {
  acceptInvitationRequestSchema,
  EMAIL_CODE_LIFETIME_MINUTES,
  EMAIL_CODE_MESSAGES,
  emailCodeSchema,
  type InvitationValidation,
} from '@shared/invitations/api';
import { VALIDATION_ERROR_TITLE } from '@shared/invitations/schemas';
import { Button, buttonClassName } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/lib/document-title';
import { invitationProblem, useAcceptInvitation, useInvitation, useSendEmailCode } from '../api/consumer-signup';
import styles from './consumers.module.css';

/** Shown under the password: the account rules in words (the schema's messages name the one that is missing). */
const PASSWORD_HINT = 'At least 12 characters with an uppercase letter, a lowercase letter, a number and a special character.';

/**
 * The form: name, password twice and, for an SMS invitation (`emailCodeRequired`), the code e-mailed to the account's
 * address. Fields in the order shown, so focus goes to the first invalid one.
 */
const signupFormSchema = (emailCodeRequired: boolean) =>
  acceptInvitationRequestSchema
    .omit({ email: true, emailCode: true })
    .extend({ emailCode: z.string(), confirmPassword: z.string() })
    .superRefine((form, ctx) => {
      if (emailCodeRequired) {
        const code = form.emailCode.replace(/\s+/g, '');
        if (!code) ctx.addIssue({ code: 'custom', message: EMAIL_CODE_MESSAGES.required, path: ['emailCode'] });
        else if (!emailCodeSchema.safeParse(code).success) {
          ctx.addIssue({ code: 'custom', message: EMAIL_CODE_MESSAGES.format, path: ['emailCode'] });
        }
      }
      if (form.password !== form.confirmPassword) {
        ctx.addIssue({ code: 'custom', message: PASSWORDS_DONT_MATCH_MESSAGE, path: ['confirmPassword'] });
      }
    });

export function ConsumerSignupPage() {
  useDocumentTitle('Create Your Account');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const invitation = useInvitation(token);
  // A link found used or expired while submitting (another tab, or the link ran out meanwhile).
  const [lateProblem, setLateProblem] = useState<string | null>(null);
  const problem = lateProblem ?? invitationProblem(token, invitation.data, invitation.error);

  useEffect(() => {
    if (problem) toast({ title: 'Invitation unavailable', description: problem, variant: 'destructive' });
  }, [problem]);

  return (
    <main className={styles.publicPage}>
      <div className={styles.publicContainer}>
        <div className={styles.brand} aria-hidden="true">
          <span className={styles.logo}>LD</span>
          LeaseDesk
        </div>
        <Card>
          <CardHeader>
            <h1 className={styles.publicHeading}>{problem ? 'Invitation unavailable' : 'Create your account'}</h1>
            <CardDescription>
              {problem ? 'This link cannot be used to create an account.' : 'Your broker invited you to the LeaseDesk portal.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {problem ? (
              <InvitationProblemNotice message={problem} />
            ) : invitation.isPending || !invitation.data || !token ? (
              <LoadingBlock label="Checking your invitation" />
            ) : (
              <SignupForm token={token} invitation={invitation.data} onLinkProblem={setLateProblem} />
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}

function InvitationProblemNotice({ message }: { message: string }) {
  return (
    <div className={styles.stack}>
      <p role="alert" className={styles.problem}>
        {message}
      </p>
      <p className={styles.muted}>Ask your broker for a new invitation, or sign in if you already have an account.</p>
      <Link to="/auth" className={buttonClassName({ variant: 'secondary' })}>
        Go to Sign In
      </Link>
    </div>
  );
}

function SignupForm({
  token,
  invitation,
  onLinkProblem,
}: {
  token: string;
  invitation: InvitationValidation;
  onLinkProblem: (message: string) => void;
}) {
  const codeRequired = invitation.emailCodeRequired;
  const form = useZodForm(signupFormSchema(codeRequired), {
    defaultValues: {
      fullName: invitation.clientName ?? '',
      emailCode: '',
      password: '',
      confirmPassword: '',
    },
  });
  const accept = useAcceptInvitation({ onLinkProblem });
  const emailCode = useSendEmailCode(token, { onLinkProblem });

  return (
    <Form
      form={form}
      aria-label="Create your account"
      className={styles.form}
      onSubmit={({ fullName, password, emailCode: code }) =>
        accept.mutateAsync({ token, fullName, password, ...(codeRequired ? { emailCode: code.replace(/\s+/g, '') } : {}) })
      }
      onInvalid={([first]) => {
        if (first) toast({ title: VALIDATION_ERROR_TITLE, description: first.message, variant: 'destructive' });
      }}
    >
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>Name</dt>
          <dd>{invitation.clientName ?? '—'}</dd>
        </div>
        <div className={styles.fact}>
          <dt>Email</dt>
          <dd>{invitation.clientEmail ?? '—'}</dd>
        </div>
      </dl>
      {/* The account is the invited one: the client's name and the e-mail on the invitation, not editable here. */}
      <p className={styles.muted}>You will sign in with this email.</p>
      {codeRequired ? (
        <div className={styles.stack}>
          {/* The text reached the phone, not this address: a code e-mailed to it proves it is the consumer's. */}
          <p className={styles.muted}>
            Your invitation came by text message. To confirm this email address is yours, we will email you a 6-digit code (valid
            for {EMAIL_CODE_LIFETIME_MINUTES} minutes). If the address is not yours, ask your broker to correct it and send you a
            new invitation.
          </p>
          <Button type="button" variant="secondary" isLoading={emailCode.isPending} onClick={() => void emailCode.send()}>
            {emailCode.isPending ? 'Sending code...' : emailCode.sent ? 'Send a new code' : 'Email me a code'}
          </Button>
          <TextField
            name="emailCode"
            label="Email code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            hint="The 6-digit code from the email we sent you."
          />
        </div>
      ) : null}
      <TextField name="password" label="Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <TextField name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
      <SubmitButton pendingLabel="Creating account...">Create Account</SubmitButton>
    </Form>
  );
}
