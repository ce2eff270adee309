import { createContext, type ReactNode, useContext } from 'react';
import type { Environment } from './environment';

const EnvironmentContext = createContext<Environment | null>(null);

export function EnvironmentProvider({
  environment,
  children,
}: {
  environment: Environment;
  children: ReactNode;
}) {
  return <EnvironmentContext.Provider value={environment}>{children}</EnvironmentContext.Provider>;
}

export function useEnvironment(): Environment {
  const environment = useContext(EnvironmentContext);
  if (!environment) throw new Error('useEnvironment needs an EnvironmentProvider');
  return environment;
}
