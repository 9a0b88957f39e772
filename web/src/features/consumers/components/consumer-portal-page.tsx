/**
 * /consumer-portal: where the guard sends a consumer. This issue delivers the frame (greeting, Logout);
 * the deal tabs, concierge fee payment and referrals arrive with the consumer-portal feature.
 */
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useLogout, useRequiredUser } from '@web/lib/auth';
import { ROLE_LABELS } from '@web/lib/authorization';
import { useDocumentTitle } from '@web/lib/document-title';

export function ConsumerPortalPage() {
  useDocumentTitle('Consumer Portal');
  const user = useRequiredUser();
  const logout = useLogout();
  return (
    <AppShell>
      <PageHeader
        title={`Welcome, ${user.fullName}`}
        badges={<Badge variant="primary">{ROLE_LABELS[user.role]}</Badge>}
        actions={
          <Button variant="secondary" onClick={() => void logout()}>
            Logout
          </Button>
        }
      />
      <Card as="section" aria-labelledby="my-deals-title">
        <CardHeader>
          <CardTitle id="my-deals-title">My Deals</CardTitle>
          <CardDescription>The deals your broker prepares for you appear here.</CardDescription>
        </CardHeader>
        <CardContent>
          <p>Your broker will contact you as soon as a deal is ready for you.</p>
        </CardContent>
      </Card>
    </AppShell>
  );
}
