import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getServices, type Services } from "./services.server.ts";

export const servicesContext = createContext<Services>();

/** Root middleware: hands every loader and action the process's services. */
export const servicesMiddleware: MiddlewareFunction<Response> = async ({ context }) => {
  context.set(servicesContext, await getServices());
};

export const services = (context: Readonly<RouterContextProvider>) => context.get(servicesContext);
