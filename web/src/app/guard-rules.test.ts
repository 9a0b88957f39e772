import { describe, expect, it } from 'vitest';
import { currentSection, decideAccess, navSectionsFor } from './guard-rules';

const allow = { kind: 'allow' };
const redirect = (to: string) => ({ kind: 'redirect', to });

describe('decideAccess', () => {
  it('sends a visitor without a session to /auth, whatever the path', () => {
    expect(decideAccess(null, '/')).toEqual(redirect('/auth'));
    expect(decideAccess(null, '/deals/123')).toEqual(redirect('/auth'));
  });

  it.each(['/marketplace', '/marketplace/new', '/marketplace/01J9ABC'])(
    'tells a visitor without a session on %s to log in to view the marketplace',
    (path) => {
      expect(decideAccess(null, path)).toEqual({
        kind: 'redirect',
        to: '/auth',
        notice: { title: 'Authentication required', description: 'Please log in to view the marketplace' },
      });
    },
  );

  it('has no marketplace words for other paths', () => {
    expect(decideAccess(null, '/marketplaces')).toEqual(redirect('/auth'));
    expect(decideAccess(null, '/deals')).toEqual(redirect('/auth'));
  });

  it.each(['/', '/dashboard', '/clients', '/admin/brokers', '/consumer-portal', '/deals'])('lets an admin open %s', (path) => {
    expect(decideAccess({ role: 'admin' }, path)).toEqual(allow);
  });

  it.each(['/', '/dashboard', '/clients', '/dealerships', '/profile', '/academy'])('lets a broker open %s', (path) => {
    expect(decideAccess({ role: 'broker' }, path)).toEqual(allow);
  });

  it('lets an admin open /archived-deals', () => {
    expect(decideAccess({ role: 'admin' }, '/archived-deals')).toEqual(allow);
  });

  it('sends a broker from /archived-deals to / with "Access denied" / "Only admins can view archived deals"', () => {
    expect(decideAccess({ role: 'broker' }, '/archived-deals')).toEqual({
      kind: 'redirect',
      to: '/',
      notice: { title: 'Access denied', description: 'Only admins can view archived deals' },
    });
  });

  it('keeps a dealer and a consumer in their own area rather than showing them the archive denial', () => {
    expect(decideAccess({ role: 'dealer' }, '/archived-deals')).toEqual(redirect('/dashboard'));
    expect(decideAccess({ role: 'consumer' }, '/archived-deals')).toEqual(redirect('/consumer-portal'));
  });

  it('sends a broker from the lenders screens to / with "Access Denied" / "Only admins can access this page"', () => {
    expect(decideAccess({ role: 'admin' }, '/admin/lenders/example-auto-finance/import')).toEqual(allow);
    expect(decideAccess({ role: 'broker' }, '/admin/lenders/example-auto-finance')).toEqual({
      kind: 'redirect',
      to: '/',
      notice: { title: 'Access Denied', description: 'Only admins can access this page' },
    });
  });

  it('lets admins and brokers open /programs; dealers and consumers stay in their own area', () => {
    expect(decideAccess({ role: 'admin' }, '/programs')).toEqual(allow);
    expect(decideAccess({ role: 'broker' }, '/programs')).toEqual(allow);
    expect(decideAccess({ role: 'dealer' }, '/programs')).toEqual(redirect('/dashboard'));
    expect(decideAccess({ role: 'consumer' }, '/programs')).toEqual(redirect('/consumer-portal'));
  });

  it('lets admins and brokers open /maturing-deals; dealers and consumers stay in their own area', () => {
    expect(decideAccess({ role: 'admin' }, '/maturing-deals')).toEqual(allow);
    expect(decideAccess({ role: 'broker' }, '/maturing-deals')).toEqual(allow);
    expect(decideAccess({ role: 'dealer' }, '/maturing-deals')).toEqual(redirect('/dashboard'));
    expect(decideAccess({ role: 'consumer' }, '/maturing-deals')).toEqual(redirect('/consumer-portal'));
  });

  it('lets an admin open /admin/brokers, and sends a broker to / with "Access Denied" / "Only admins can access this page"', () => {
    expect(decideAccess({ role: 'admin' }, '/admin/brokers')).toEqual(allow);
    expect(decideAccess({ role: 'broker' }, '/admin/brokers')).toEqual({
      kind: 'redirect',
      to: '/',
      notice: { title: 'Access Denied', description: 'Only admins can access this page' },
    });
  });

  it('lets an admin open commission payroll and any statement; a broker reads only their own, under /profile', () => {
    for (const path of ['/admin/commission', '/admin/commission/broker-1']) {
      expect(decideAccess({ role: 'admin' }, path)).toEqual(allow);
      expect(decideAccess({ role: 'broker' }, path)).toEqual({
        kind: 'redirect',
        to: '/',
        notice: { title: 'Access Denied', description: 'Only admins can access this page' },
      });
    }
    expect(decideAccess({ role: 'broker' }, '/profile/commission')).toEqual(allow);
    expect(decideAccess({ role: 'dealer' }, '/profile/commission')).toEqual(redirect('/dashboard'));
  });

  it('lets an admin open /admin/settings, and sends a broker to / with "Access Denied"', () => {
    expect(decideAccess({ role: 'admin' }, '/admin/settings')).toEqual(allow);
    expect(decideAccess({ role: 'broker' }, '/admin/settings')).toEqual({
      kind: 'redirect',
      to: '/',
      notice: { title: 'Access Denied', description: 'Only admins can access this page' },
    });
  });

  it('lets an admin open /admin/agreement (the brokering agreement editor), and sends a broker to / with "Access Denied"', () => {
    expect(decideAccess({ role: 'admin' }, '/admin/agreement')).toEqual(allow);
    expect(decideAccess({ role: 'broker' }, '/admin/agreement')).toEqual({
      kind: 'redirect',
      to: '/',
      notice: { title: 'Access Denied', description: 'Only admins can access this page' },
    });
  });

  it('tells a dealer and a consumer sent home from /academy that the Academy is for brokers and admins', () => {
    const notice = { title: 'Access Denied', description: 'The Academy is only available to brokers and admins' };

    expect(decideAccess({ role: 'dealer' }, '/academy')).toEqual({ kind: 'redirect', to: '/dashboard', notice });
    expect(decideAccess({ role: 'consumer' }, '/academy')).toEqual({ kind: 'redirect', to: '/consumer-portal', notice });
    expect(decideAccess({ role: 'admin' }, '/academy')).toEqual(allow);
  });

  describe('consumer', () => {
    const consumer = { role: 'consumer' } as const;

    it.each([
      '/consumer-portal',
      '/consumer-portal/deal-1',
      '/deals/01J9ABC',
      '/credit-application/tok123',
      '/credit-application/embed',
    ])('may open %s', (path) => {
      expect(decideAccess(consumer, path)).toEqual(allow);
    });

    it.each(['/', '/dashboard', '/deals', '/clients', '/marketplace', '/profile', '/admin/brokers'])(
      'is sent from %s to /consumer-portal',
      (path) => {
        expect(decideAccess(consumer, path)).toEqual(redirect('/consumer-portal'));
      },
    );
  });

  it('lets a consumer land on /consumer-dashboard after signup, where a dealer is sent to their own home', () => {
    expect(decideAccess({ role: 'consumer' }, '/consumer-dashboard')).toEqual(allow);
    expect(decideAccess({ role: 'dealer' }, '/consumer-dashboard')).toEqual(redirect('/dashboard'));
  });

  describe('dealer', () => {
    const dealer = { role: 'dealer' } as const;

    it.each(['/dashboard', '/marketplace', '/marketplace/new', '/marketplace/01J9ABC', '/deals', '/deals/01J9ABC/edit'])(
      'may open %s',
      (path) => {
        expect(decideAccess(dealer, path)).toEqual(allow);
      },
    );

    // /academy: sent home too, with the Academy's denial (above).
    it.each(['/', '/clients', '/dealerships', '/profile', '/admin/brokers', '/consumer-portal'])(
      'is sent from %s to /dashboard',
      (path) => {
        expect(decideAccess(dealer, path)).toEqual(redirect('/dashboard'));
      },
    );
  });
});

describe('navSectionsFor', () => {
  const labels = (user: Parameters<typeof navSectionsFor>[0]) => navSectionsFor(user).map((section) => section.label);

  it('offers a broker the broker sections, without the admin pages', () => {
    expect(labels({ role: 'broker', broker: { isApproved: true } })).toEqual([
      'Dashboard',
      'Tasks',
      'Leads',
      'Deals',
      'Clients',
      'Marketplace',
      'Programs',
      'Dealerships',
      'Academy',
    ]);
  });

  it('offers an admin the broker sections, Brokers, Payroll and Archived Deals', () => {
    expect(labels({ role: 'admin' })).toEqual([
      'Dashboard',
      'Tasks',
      'Leads',
      'Deals',
      'Clients',
      'Marketplace',
      'Programs',
      'Dealerships',
      'Academy',
      'Brokers',
      'Payroll',
      'Archived Deals',
    ]);
  });

  it('offers a dealer and a consumer only their own screens', () => {
    expect(labels({ role: 'dealer' })).toEqual(['Dashboard', 'Deals', 'Marketplace']);
    expect(labels({ role: 'consumer' })).toEqual(['Portal']);
  });

  it('offers a broker awaiting approval only the dashboard', () => {
    expect(labels({ role: 'broker', broker: { isApproved: false } })).toEqual(['Dashboard']);
  });

  it.each(['admin', 'broker', 'dealer', 'consumer'] as const)('never offers a %s a section the guard refuses', (role) => {
    for (const section of navSectionsFor({ role, broker: { isApproved: true } })) {
      expect(decideAccess({ role }, section.path)).toEqual(allow);
    }
  });
});

describe('currentSection', () => {
  const sections = navSectionsFor({ role: 'admin' });
  const at = (pathname: string) => {
    const found = currentSection(sections, pathname);
    return found && [found.section.label, found.exact];
  };

  it('marks a section on its own screen as the page, and on a screen inside it as the section', () => {
    expect(at('/deals')).toEqual(['Deals', true]);
    expect(at('/deals/01J9ABC/edit')).toEqual(['Deals', false]);
    expect(at('/marketplace/new')).toEqual(['Marketplace', false]);
  });

  it("marks the lenders' screens as inside Programs", () => {
    expect(at('/programs')).toEqual(['Programs', true]);
    expect(at('/admin/lenders/example-auto-finance')).toEqual(['Programs', false]);
  });

  it('takes the longest matching path, and / and /dashboard as the dashboard', () => {
    expect(at('/archived-deals')).toEqual(['Archived Deals', true]);
    expect(at('/')).toEqual(['Dashboard', true]);
    expect(at('/dashboard')).toEqual(['Dashboard', true]);
  });

  it('marks nothing on a screen outside every section', () => {
    expect(at('/profile')).toBeUndefined();
    expect(at('/dealsx')).toBeUndefined();
  });

  it("marks a consumer's deal as inside the portal", () => {
    const consumer = navSectionsFor({ role: 'consumer' });
    expect(currentSection(consumer, '/deals/01J9ABC')?.section.label).toBe('Portal');
  });
});
