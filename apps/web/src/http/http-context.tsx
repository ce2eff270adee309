import { createContext, type ReactNode, useContext } from 'react';
import type { HttpClient } from './http-client';

const HttpContext = createContext<HttpClient | null>(null);

export function HttpProvider({ client, children }: { client: HttpClient; children: ReactNode }) {
  return <HttpContext.Provider value={client}>{children}</HttpContext.Provider>;
}

export function useHttp(): HttpClient {
  const client = useContext(HttpContext);
  if (!client) throw new Error('useHttp needs an HttpProvider');
  return client;
}
