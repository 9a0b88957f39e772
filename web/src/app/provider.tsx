import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@web/components/ui/toast';
import { createQueryClient } from '@web/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* First in the page: on phones the notifications take the top of the page's flow (toast.module.css). */}
      <Toaster />
      {children}
    </QueryClientProvider>
  );
}
