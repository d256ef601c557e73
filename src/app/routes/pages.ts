// Page components, code split: each loads when its route is first visited.
import { lazyRouteComponent } from '@tanstack/react-router';

export const LandingPage = lazyRouteComponent(() => import('../pages/LandingPage'), 'LandingPage');
export const LoginPage = lazyRouteComponent(() => import('../pages/LoginPage'), 'LoginPage');
export const DashboardPage = lazyRouteComponent(() => import('../pages/DashboardPage'), 'DashboardPage');
export const HomePage = lazyRouteComponent(() => import('../pages/HomePage'), 'HomePage');
export const AdminShell = lazyRouteComponent(() => import('../components/Shell'), 'AdminShell');
export const HomeShell = lazyRouteComponent(() => import('../components/Shell'), 'HomeShell');
export const ComponentsListPage = lazyRouteComponent(() => import('../features/components/list/ComponentsListPage'), 'ComponentsListPage');
export const ComponentCreatePage = lazyRouteComponent(() => import('../features/components/create/ComponentCreatePage'), 'ComponentCreatePage');
export const ComponentSettingsPage = lazyRouteComponent(() => import('../features/components/settings/SettingsPage'), 'ComponentSettingsPage');
export const ComponentNotAvailable = lazyRouteComponent(() => import('../features/components/routes/ComponentNotAvailable'), 'ComponentNotAvailable');
// IAM, projects and workspaces (docs/iam.md "Screens").
export const MembersPage = lazyRouteComponent(() => import('../features/iam/MembersPage'), 'MembersPage');
export const MemberEditPage = lazyRouteComponent(() => import('../features/iam/MemberEditPage'), 'MemberEditPage');
export const ApiUserPage = lazyRouteComponent(() => import('../features/iam/ApiUserPage'), 'ApiUserPage');
export const ApiUserCreatePage = lazyRouteComponent(() => import('../features/iam/ApiUserCreatePage'), 'ApiUserCreatePage');
export const InvitePage = lazyRouteComponent(() => import('../features/iam/InvitePage'), 'InvitePage');
export const RolesPage = lazyRouteComponent(() => import('../features/iam/RolesPage'), 'RolesPage');
export const RoleCreatePage = lazyRouteComponent(() => import('../features/iam/RoleFormPage'), 'RoleCreatePage');
export const RoleEditPage = lazyRouteComponent(() => import('../features/iam/RoleFormPage'), 'RoleEditPage');
export const ProjectsPage = lazyRouteComponent(() => import('../features/projects/ProjectsPage'), 'ProjectsPage');
export const ProjectCreatePage = lazyRouteComponent(() => import('../features/projects/ProjectCreatePage'), 'ProjectCreatePage');
export const ProjectSettingsPage = lazyRouteComponent(() => import('../features/projects/ProjectSettingsPage'), 'ProjectSettingsPage');
export const WorkspacesPage = lazyRouteComponent(() => import('../features/projects/WorkspacesPage'), 'WorkspacesPage');
export const WorkspaceCreatePage = lazyRouteComponent(() => import('../features/projects/WorkspaceFormPage'), 'WorkspaceCreatePage');
export const WorkspaceEditPage = lazyRouteComponent(() => import('../features/projects/WorkspaceFormPage'), 'WorkspaceEditPage');
export const DeveloperPage = lazyRouteComponent(() => import('../features/developer/DeveloperPage'), 'DeveloperPage');
// Workflows (docs/workflows.md): the canvas and Scout's run log.
export const WorkflowPage = lazyRouteComponent(() => import('../features/workflows/WorkflowPage'), 'WorkflowPage');
export const WorkflowRunsPage = lazyRouteComponent(() => import('../features/workflows/RunsPage'), 'WorkflowRunsPage');
export const ScoutEventsPage = lazyRouteComponent(() => import('../features/scout/EventsPages'), 'ScoutEventsPage');
export const ScoutEventPage = lazyRouteComponent(() => import('../features/scout/EventsPages'), 'ScoutEventPage');
export const ScoutEventSettingsPage = lazyRouteComponent(() => import('../features/scout/EventsPages'), 'ScoutEventSettingsPage');
export const ApiLogPage = lazyRouteComponent(() => import('../features/scout-api/ApiLogPage'), 'ApiLogPage');
export const ApiCallInspectPage = lazyRouteComponent(() => import('../features/scout-api/ApiCallInspectPage'), 'ApiCallInspectPage');
// Global functions (docs/user-code.md "Global functions").
export const FunctionsListPage = lazyRouteComponent(() => import('../features/functions/FunctionsListPage'), 'FunctionsListPage');
export const FunctionCreatePage = lazyRouteComponent(() => import('../features/functions/FunctionFormPage'), 'FunctionCreatePage');
export const FunctionPage = lazyRouteComponent(() => import('../features/functions/FunctionFormPage'), 'FunctionPage');
// Global variables (docs/user-code.md "context.env").
export const EnvironmentPage = lazyRouteComponent(() => import('../features/environment/EnvironmentPage'), 'EnvironmentPage');
// Platform apps (docs/apps.md): the list with create, an app's pages, its settings and versions, the container /a/:id.
export const AppsPage = lazyRouteComponent(() => import('../features/apps/AppsPage'), 'AppsPage');
export const AppPage = lazyRouteComponent(() => import('../features/apps/AppPage'), 'AppPage');
export const AppSettingsPage = lazyRouteComponent(() => import('../features/apps/AppSettingsPage'), 'AppSettingsPage');
export const AppEditorPage = lazyRouteComponent(() => import('../features/apps/AppEditorPage'), 'AppEditorPage');
export const PublicAppsPage = lazyRouteComponent(() => import('../features/public-apps/PublicAppsPage'), 'PublicAppsPage');
export const PublicAppPage = lazyRouteComponent(() => import('../features/public-apps/PublicAppPage'), 'PublicAppPage');
export const PublicAppEditorPage = lazyRouteComponent(() => import('../features/public-apps/PublicAppEditorPage'), 'PublicAppEditorPage');
export const AppsLauncherPage = lazyRouteComponent(() => import('../features/apps/AppPreviewPages'), 'AppsLauncherPage');
export const AppPreviewPage = lazyRouteComponent(() => import('../features/apps/AppPreviewPages'), 'AppPreviewPage');
export const AppPlaygroundPage = lazyRouteComponent(() => import('../features/apps/AppPreviewPages'), 'AppPlaygroundPage');
export const AppContainerPage = lazyRouteComponent(() => import('../features/apps/AppContainerPage'), 'AppContainerPage');
// Sparks (docs/user-code.md "Sparks"): list, create, and the spark with releases, deploy, run and logs.
export const SparksPage = lazyRouteComponent(() => import('../features/sparks/SparksPage'), 'SparksPage');
export const SparkCreatePage = lazyRouteComponent(() => import('../features/sparks/SparkCreatePage'), 'SparkCreatePage');
export const SparkPage = lazyRouteComponent(() => import('../features/sparks/SparkPage'), 'SparkPage');
// Integrations (docs/integrations.md): the installed list with the catalogue, and one integration.
export const IntegrationsPage = lazyRouteComponent(() => import('../features/integrations/IntegrationsPage'), 'IntegrationsPage');
export const IntegrationPage = lazyRouteComponent(() => import('../features/integrations/IntegrationPage'), 'IntegrationPage');
// Widgets (docs/widgets.md): the list, and the editor with its live preview.
// Workspace templates (docs/templates.md): the catalogue and a template's landing page.
export const TemplatesPage = lazyRouteComponent(() => import('../features/templates/TemplatesPage'), 'TemplatesPage');
export const TemplatePage = lazyRouteComponent(() => import('../features/templates/TemplatePage'), 'TemplatePage');
export const WidgetsListPage = lazyRouteComponent(() => import('../features/widgets/WidgetsListPage'), 'WidgetsListPage');
export const WidgetCreatePage = lazyRouteComponent(() => import('../features/widgets/WidgetFormPage'), 'WidgetCreatePage');
export const WidgetEditPage = lazyRouteComponent(() => import('../features/widgets/WidgetFormPage'), 'WidgetEditPage');
export const UpdatesPage = lazyRouteComponent(() => import('../features/platform/UpdatesPage'), 'UpdatesPage');
export const ForgeAppsPage = lazyRouteComponent(() => import('../features/forge/ForgeAppsPage'), 'ForgeAppsPage');
export const ForgeCreatePage = lazyRouteComponent(() => import('../features/forge/ForgeAppsPage'), 'ForgeCreatePage');
export const ForgeAppPage = lazyRouteComponent(() => import('../features/forge/ForgeAppPage'), 'ForgeAppPage');
export const AppOrForgePage = lazyRouteComponent(() => import('../features/forge/AppOrForgePage'), 'AppOrForgePage');
export const ComponentEditorPage = lazyRouteComponent(() => import('../features/forge/ComponentEditorPage'), 'ComponentEditorPage');
// Thunder data sets (docs/thunder.md): the list with the new set's form, and one set's page.
export const ThunderListPage = lazyRouteComponent(() => import('../features/thunder/ThunderListPage'), 'ThunderListPage');
export const ThunderPage = lazyRouteComponent(() => import('../features/thunder/ThunderPage'), 'ThunderPage');
// Ratchet connections (docs/ratchet.md): the list, and the editor with its test and console.
export const RatchetListPage = lazyRouteComponent(() => import('../features/ratchet/RatchetListPage'), 'RatchetListPage');
export const RatchetCreatePage = lazyRouteComponent(() => import('../features/ratchet/RatchetFormPage'), 'RatchetCreatePage');
export const RatchetEditPage = lazyRouteComponent(() => import('../features/ratchet/RatchetFormPage'), 'RatchetEditPage');
// The checkout (docs/billing.md "The checkout screen").
export const CheckoutPage = lazyRouteComponent(() => import('../features/checkout/CheckoutPage'), 'CheckoutPage');
export const ThankYouPage = lazyRouteComponent(() => import('../features/checkout/ThankYouPage'), 'ThankYouPage');
// The operators' approvals of bank transfers (docs/billing.md "Bank transfer").
export const ApprovalsPage = lazyRouteComponent(() => import('../features/checkout/ApprovalsPage'), 'ApprovalsPage');
// The feedback inbox (docs/platform.md "Feedback").
export const FeedbackPage = lazyRouteComponent(() => import('../features/feedback/FeedbackPage'), 'FeedbackPage');
// The public mobile page (docs/platform.md "Installable app").
export const MobilePage = lazyRouteComponent(() => import('../pages/MobilePage'), 'MobilePage');
