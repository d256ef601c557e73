// The account screens, code split like routes/pages.ts: each loads when its route is first visited,
// so the sign-in page's first load stays small.
import { lazyRouteComponent } from '@tanstack/react-router';

export const TwoFactorPage = lazyRouteComponent(() => import('./TwoFactorPage'), 'TwoFactorPage');
export const RegisterPage = lazyRouteComponent(() => import('./RegisterPage'), 'RegisterPage');
export const ForgotPasswordPage = lazyRouteComponent(() => import('./ForgotPasswordPage'), 'ForgotPasswordPage');
export const ResetPasswordPage = lazyRouteComponent(() => import('./ResetPasswordPage'), 'ResetPasswordPage');
export const InvitePage = lazyRouteComponent(() => import('./InvitePage'), 'InvitePage');
export const ProfilePage = lazyRouteComponent(() => import('./profile/ProfilePage'), 'ProfilePage');
