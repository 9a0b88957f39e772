/**
 * Routes of the SPA. Every page is its own chunk (React.lazy), so public pages load neither the signed-in
 * screens nor Amplify. Signed-in sections go through the guard; any other path is the public not-found screen.
 * Declarative routing is enough (data loading lives in react-query) and keeps the router out of the way of the
 * public pages' 100 KB first-load budget.
 */
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { AppErrorBoundary } from './error-boundary';
import { RequireAuth } from './guard';
import { SIGNED_IN_SECTIONS } from './guard-rules';
import { NotFoundScreen } from './routes/not-found';

const AuthPage = lazy(() => import('@web/features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })));
const DashboardPage = lazy(() => import('./routes/dashboard').then((m) => ({ default: m.DashboardRoute })));
const MarketplacePage = lazy(() =>
  import('@web/features/marketplace/components/marketplace-page').then((m) => ({ default: m.MarketplacePage })),
);
const AddVehiclePage = lazy(() =>
  import('@web/features/marketplace/components/add-vehicle-page').then((m) => ({ default: m.AddVehiclePage })),
);
const VehiclePage = lazy(() =>
  import('@web/features/marketplace/components/vehicle-page').then((m) => ({ default: m.VehiclePage })),
);
const EditVehiclePage = lazy(() =>
  import('@web/features/marketplace/components/edit-vehicle-page').then((m) => ({ default: m.EditVehiclePage })),
);
const ConsumerPortalPage = lazy(() =>
  import('@web/features/consumers/components/consumer-portal-page').then((m) => ({ default: m.ConsumerPortalPage })),
);
const ConsumerDashboardPage = lazy(() =>
  import('@web/features/consumers/components/consumer-dashboard-page').then((m) => ({ default: m.ConsumerDashboardPage })),
);
const ConsumerSignupPage = lazy(() =>
  import('@web/features/consumers/components/consumer-signup-page').then((m) => ({ default: m.ConsumerSignupPage })),
);

const CreditApplicationPage = lazy(() =>
  import('@web/features/credit-applications/components/credit-application-page').then((m) => ({
    default: m.CreditApplicationPage,
  })),
);
const CreditApplicationThankYouPage = lazy(() =>
  import('@web/features/credit-applications/components/credit-application-thank-you-page').then((m) => ({
    default: m.CreditApplicationThankYouPage,
  })),
);
const CreditApplicationEmbedPage = lazy(() =>
  import('@web/features/credit-applications/components/credit-application-embed-page').then((m) => ({
    default: m.CreditApplicationEmbedPage,
  })),
);

const DealsPage = lazy(() => import('@web/features/deals/components/deals-page').then((m) => ({ default: m.DealsPage })));
const DealDetailPage = lazy(() => import('./routes/deal-detail').then((m) => ({ default: m.DealDetailRoute })));
const MaturingDealsPage = lazy(() =>
  import('@web/features/deals/components/maturing-deals-page').then((m) => ({ default: m.MaturingDealsPage })),
);
const ArchivedDealsPage = lazy(() =>
  import('@web/features/deals/components/archived-deals-page').then((m) => ({ default: m.ArchivedDealsPage })),
);
const CreateDealPage = lazy(() =>
  import('@web/features/deals/form/components/create-deal-page').then((m) => ({ default: m.CreateDealPage })),
);
const EditDealPage = lazy(() =>
  import('@web/features/deals/form/components/edit-deal-page').then((m) => ({ default: m.EditDealPage })),
);

const DealershipsPage = lazy(() =>
  import('@web/features/dealerships/components/dealerships-page').then((m) => ({ default: m.DealershipsPage })),
);
const AcademyPage = lazy(() => import('@web/features/academy/components/academy-page').then((m) => ({ default: m.AcademyPage })));
const LeadsPage = lazy(() => import('@web/features/leads/components/leads-page').then((m) => ({ default: m.LeadsPage })));
const LeadDetailPage = lazy(() =>
  import('@web/features/leads/components/lead-detail-page').then((m) => ({ default: m.LeadDetailPage })),
);
const ClientImportPage = lazy(() =>
  import('@web/features/transfers/components/client-import-page').then((m) => ({ default: m.ClientImportPage })),
);
const ClientsPage = lazy(() => import('@web/features/clients/components/clients-page').then((m) => ({ default: m.ClientsPage })));
const BrokersPage = lazy(() => import('@web/features/brokers/components/brokers-page').then((m) => ({ default: m.BrokersPage })));
const BrokeredVehiclesPage = lazy(() =>
  import('@web/features/brokers/components/brokered-vehicles-page').then((m) => ({ default: m.BrokeredVehiclesPage })),
);
const AgreementPage = lazy(() =>
  import('@web/features/agreements/components/agreement-page').then((m) => ({ default: m.AgreementPage })),
);
const LendersPage = lazy(() =>
  import('@web/features/programs/components/lenders-page').then((m) => ({ default: m.LendersPage })),
);
const LenderPage = lazy(() => import('@web/features/programs/components/lender-page').then((m) => ({ default: m.LenderPage })));
const ProgramVersionPage = lazy(() =>
  import('@web/features/programs/components/program-version-page').then((m) => ({ default: m.ProgramVersionPage })),
);
const ProgramFinderPage = lazy(() =>
  import('@web/features/programs/components/program-finder-page').then((m) => ({ default: m.ProgramFinderPage })),
);
const ProgramImportPage = lazy(() =>
  import('@web/features/programs/components/program-import-page').then((m) => ({ default: m.ProgramImportPage })),
);
const SettingsPage = lazy(() =>
  import('@web/features/brokers/components/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const TasksPage = lazy(() => import('@web/features/tasks/components/tasks-page').then((m) => ({ default: m.TasksPage })));
const ProfilePage = lazy(() => import('@web/features/brokers/components/profile-page').then((m) => ({ default: m.ProfilePage })));
const PayrollPage = lazy(() => import('@web/features/brokers/components/payroll-page').then((m) => ({ default: m.PayrollPage })));
const OwnStatementPage = lazy(() =>
  import('@web/features/brokers/components/commission-statement-page').then((m) => ({ default: m.OwnStatementPage })),
);
const BrokerStatementPage = lazy(() =>
  import('@web/features/brokers/components/commission-statement-page').then((m) => ({ default: m.BrokerStatementPage })),
);

// Development only: import.meta.env.DEV is false in a production build, which then drops the route and its chunk.
const DevPickersScreen = import.meta.env.DEV
  ? lazy(() => import('./routes/dev-pickers').then((m) => ({ default: m.DevPickersScreen })))
  : undefined;

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppErrorBoundary>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route path="/auth" element={<AuthPage />} />
            <Route path="/signup" element={<AuthPage start="sign-up" />} />
            <Route path="/consumer-signup" element={<ConsumerSignupPage />} />
            {DevPickersScreen && <Route path="/dev/pickers" element={<DevPickersScreen />} />}
            {/* Public: an applicant has no account (the embed page's literal segment outranks :token). */}
            <Route path="/credit-application/embed" element={<CreditApplicationEmbedPage />} />
            <Route path="/credit-application/:token" element={<CreditApplicationPage />} />
            <Route path="/credit-application/:token/thank-you" element={<CreditApplicationThankYouPage />} />
            <Route element={<RequireAuth />}>
              <Route index element={<DashboardPage />} />
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="marketplace" element={<MarketplacePage />} />
              <Route path="marketplace/new" element={<AddVehiclePage />} />
              <Route path="marketplace/:id" element={<VehiclePage />} />
              <Route path="marketplace/:id/edit" element={<EditVehiclePage />} />
              <Route path="consumer-portal" element={<ConsumerPortalPage />} />
              <Route path="consumer-dashboard" element={<ConsumerDashboardPage />} />
              <Route path="dealerships" element={<DealershipsPage />} />
              <Route path="deals" element={<DealsPage />} />
              <Route path="deals/:id" element={<DealDetailPage />} />
              <Route path="archived-deals" element={<ArchivedDealsPage />} />
              <Route path="maturing-deals" element={<MaturingDealsPage />} />
              <Route path="deals/new" element={<CreateDealPage />} />
              <Route path="deals/:id/edit" element={<EditDealPage />} />
              <Route path="clients" element={<ClientsPage />} />
              <Route path="clients/import" element={<ClientImportPage />} />
              <Route path="admin/brokers" element={<BrokersPage />} />
              <Route path="admin/commission" element={<PayrollPage />} />
              <Route path="admin/commission/:brokerId" element={<BrokerStatementPage />} />
              <Route path="admin/brokered-vehicles" element={<BrokeredVehiclesPage />} />
              <Route path="admin/settings" element={<SettingsPage />} />
              <Route path="admin/agreement" element={<AgreementPage />} />
              <Route path="programs" element={<ProgramFinderPage />} />
              <Route path="admin/lenders" element={<LendersPage />} />
              <Route path="admin/lenders/:lenderId" element={<LenderPage />} />
              <Route path="admin/lenders/:lenderId/import" element={<ProgramImportPage />} />
              <Route path="admin/lenders/:lenderId/:month" element={<ProgramVersionPage />} />
              <Route path="profile" element={<ProfilePage />} />
              <Route path="profile/commission" element={<OwnStatementPage />} />
              <Route path="academy" element={<AcademyPage />} />
              <Route path="leads" element={<LeadsPage />} />
              <Route path="leads/:id" element={<LeadDetailPage />} />
              <Route path="tasks" element={<TasksPage />} />
              {/* Sections whose screens come with later features: guarded first, then not found. */}
              {SIGNED_IN_SECTIONS.map((section) => (
                <Route key={section} path={`${section}/*`} element={<NotFoundScreen />} />
              ))}
            </Route>
            <Route path="*" element={<NotFoundScreen />} />
          </Routes>
        </Suspense>
      </AppErrorBoundary>
    </BrowserRouter>
  );
}
