import type { LegalDocuments } from './types';

export const documents: LegalDocuments = {
  effective: '2026-11-01',
  terms: [
    {
      heading: 'Article 1 (Purpose)',
      body: [
        'These Terms of Service set out the conditions under which {{name}} (the "Company") provides the SnapDrama short-drama streaming service on the web and in its apps (the "Service"), and the rights and duties of the Company and its members and guests.',
      ],
    },
    {
      heading: 'Article 2 (Definitions)',
      body: [
        '- "Member": a person who signed in with a social account (Kakao, Google, Facebook or Apple) and agreed to these Terms.',
        '- "Guest": a person who uses the Service without signing in. A guest account lives on one device; it is lost when the app data or browser storage of that device is cleared.',
        '- "Coins": the Service\'s digital currency used to unlock episodes. "Purchased coins" are bought with money; "bonus coins" are given free of charge (with a purchase, for missions, attendance or events).',
        '- "Content": the dramas, episodes, images and subtitles offered in the Service.',
      ],
    },
    {
      heading: 'Article 3 (Effect and changes of the Terms)',
      body: [
        'These Terms take effect when they are shown in the Service. The Company may change them within the law; changes are announced in the Service at least 7 days before they take effect (30 days for changes unfavourable to members). A member who does not agree may stop using the Service and delete the account.',
      ],
    },
    {
      heading: 'Article 4 (Accounts and sign-in)',
      body: [
        "You may watch free episodes as a guest. Purchases, bookmarks across devices, missions and attendance require signing in. When a guest signs in on the same device, the guest's coins, bookmarks and watch progress carry over to the member account.",
        'You must be at least 14 years old to become a member. You are responsible for the social account you sign in with; do not let others use it.',
      ],
    },
    {
      heading: 'Article 5 (Coins: purchase, validity and spending)',
      body: [
        "- Coins are sold in the packs shown on the payment page at the price shown (Korean won for Korean, US dollars otherwise; in the apps, the store's price).",
        '- How long coins stay valid depends on where they come from. By default, coins bought on the web or on Google Play and bonus coins (missions, attendance, events, ads and the bonus of a coin pack) are valid for 7 days from the moment they are credited; coins bought through Apple\'s in-app purchase (App Store) do not expire. Expired coins are removed and cannot be restored. The coin history shows each entry\'s "available until" date (or "No expiry"), and the Service reminds you when coins will expire within 48 hours.',
        '- When you unlock an episode, the coins that expire soonest are spent first, whether purchased or bonus.',
        '- Coins cannot be exchanged for cash, transferred or gifted between members.',
      ],
    },
    {
      heading: 'Article 6 (Cancellation and refunds)',
      body: [
        "- A coin purchase may be refunded on request through customer service. The refund goes to the original payment method (card, Toss, PayPal, Stripe, Google Play or the App Store) and follows that provider's rules and timing.",
        '- When a purchase is refunded, the purchased coins of that purchase that are still in your account (not yet spent and not expired) are taken back. Coins of the purchase already spent stay spent; the Company may refund only the part of the price that matches the coins taken back.',
        '- Bonus coins can never be cancelled or refunded. The bonus coins given with a purchase stay in your account when the purchase is refunded, until they are spent or expire.',
        '- Purchases made in the apps are refunded through Google Play or the App Store under their policies; the Company reflects their decision in your balance.',
        '- If Content cannot be played because of a fault of the Company, the coins spent on it are returned or the Company compensates otherwise.',
        '- To ask for a refund, use customer service in the Service or write to {{email}}.',
      ],
    },
    {
      heading: 'Article 6-2 (VIP pass)',
      body: [
        '- The VIP pass (weekly or monthly) opens every episode while it is active, without coins. It is paid in advance for each period at the price shown before purchase.',
        '- The pass renews automatically at the end of each period until you cancel the renewal. You can cancel at any time on the payment page (passes bought in the apps: in Google Play or the App Store). After cancelling, the pass stays active until the end of the period already paid and then ends; the remaining days of that period are not refunded except where the law requires it.',
        '- If a renewal payment fails, the payment provider retries it for a short grace period during which the pass stays active; if it still fails, the pass ends.',
        '- A refunded pass ends at once. Episodes you watched with the pass stay watched after it ends.',
      ],
    },
    {
      heading: 'Article 7 (Unlocking by ads, missions and attendance)',
      body: [
        '- Some locked episodes may be unlocked by watching a rewarded ad. There is a waiting time between two ad unlocks and a daily limit per member; both are shown on the locked-episode screen. An ad that is skipped or not completed unlocks nothing.',
        '- Missions (watching, sharing, ads and others) and the 7-day attendance check give bonus coins as shown on the mission page. "Daily" resets at midnight Korea time.',
        '- Rewards obtained by automation, multiple accounts, tampering with the apps or any other abuse are withdrawn and the account may be suspended.',
      ],
    },
    {
      heading: 'Article 8 (Use of Content)',
      body: [
        'Content is licensed to you for personal, non-commercial streaming in the Service only. Recording, downloading, redistributing, public showing or removing protection from Content is prohibited. An unlocked episode stays unlocked while the Content is offered, but the Company may withdraw Content when its licence ends.',
      ],
    },
    {
      heading: 'Article 9 (Prohibited conduct)',
      body: [
        "- Using another person's account or payment method.",
        '- Interfering with the Service, its servers or its security, or obtaining coins or rewards by unfair means.',
        '- Infringing the rights of the Company or third parties, or posting unlawful material in inquiries.',
        'The Company may limit or suspend use, after notice where possible, for these acts.',
      ],
    },
    {
      heading: 'Article 10 (Deleting the account)',
      body: [
        'You may delete your account at any time in Profile → Edit → Withdraw. Deletion ends the membership at once: coins left in the account (purchased and bonus), bookmarks, watch history and consents are removed and cannot be restored, and every signed-in device is signed out. Ask for a refund of unspent purchased coins and cancel a VIP renewal before deleting. Records of payments, refunds and coin transactions are kept, no longer linked to your name or e-mail, for the periods the law requires (see the Privacy Policy).',
      ],
    },
    {
      heading: 'Article 11 (Service changes and interruptions)',
      body: [
        'The Company may change or pause the Service for maintenance, failures or reasons beyond its control, with notice in the Service where possible. If the Service closes, members are told at least 30 days in advance and unspent purchased coins are refunded.',
      ],
    },
    {
      heading: 'Article 12 (Limitation of liability)',
      body: [
        "The Company is not liable for losses caused by natural disasters, failures of telecommunication providers, or the member's own fault, except where the law holds it liable for intent or gross negligence.",
      ],
    },
    {
      heading: 'Article 13 (Governing law and disputes)',
      body: [
        'These Terms are governed by the laws of the Republic of Korea. Disputes are brought before the competent court under the Civil Procedure Act; consumers may also apply to the Korea Consumer Agency or the Content Dispute Resolution Committee.',
      ],
    },
    {
      heading: 'Contact',
      body: [
        '{{name}} · Representative {{representative}} · Business registration no. {{registration_no}}',
        '{{address}}',
        'Customer service: {{email}}',
      ],
    },
  ],
  privacy: [
    {
      heading: '1. Who we are',
      body: [
        '{{name}} ("we") runs SnapDrama and is responsible for the personal data described in this policy. Contact: {{email}}, {{address}}.',
      ],
    },
    {
      heading: '2. Data we collect',
      body: [
        '- Guests: a random device identifier, language, watch history and progress, coin balance.',
        "- Social sign-in: the provider's account identifier, and the nickname and e-mail address the provider shares with your consent (Kakao, Google, Facebook, Apple). We never receive your password.",
        '- Members: nickname, e-mail, language, consents given, bookmarks, watch history and progress, coin ledger (earned, spent, expired), mission and attendance records, inquiries.',
        "- Payments: order number, pack, amount, currency, gateway and the gateway's transaction id. Card numbers are handled by the payment gateway only and never reach us.",
        '- Automatically: IP address, browser or device type, access times and error logs, used for security and to keep the Service running.',
      ],
    },
    {
      heading: '3. Why we use it',
      body: [
        '- To provide streaming, remember where you stopped, keep bookmarks and show your coin balance.',
        '- To sell coins, unlock episodes, process refunds and keep the records the law requires.',
        '- To run missions, attendance and ad rewards and to prevent abuse of them.',
        '- To answer inquiries and to send notices about the Service.',
      ],
    },
    {
      heading: '4. How long we keep it',
      body: [
        '- Account data: until you delete the account; then your profile (nickname, e-mail, social account link), bookmarks, watch history and consents are destroyed without delay.',
        '- After deletion, the records of orders, payments, refunds and coin transactions stay, separated from your profile and no longer showing your name or e-mail, for the periods below.',
        '- Guest data: until the guest signs in (it moves to the member account) or is unused for 1 year.',
        '- Records of contracts, payments and refunds: 5 years (Act on Consumer Protection in Electronic Commerce).',
        '- Records of consumer complaints and disputes: 3 years.',
        '- Access logs: 3 months (Protection of Communications Secrets Act).',
        'Records kept for the law after deletion are separated from other data and used for no other purpose.',
      ],
    },
    {
      heading: '5. Third parties and processors',
      body: [
        '- Payment gateways (Toss Payments, Stripe, PayPal) and app stores (Google Play, Apple App Store): order number, amount and product, to process payments and refunds.',
        '- Ad networks (Google AdMob and Google Ad Manager): a device advertising identifier and ad events, to show rewarded ads and verify that they were watched. In the apps you can change ad personalisation in Settings → Privacy options.',
        '- Social providers (Kakao, Google, Facebook, Apple): used for sign-in only, under their own privacy policies.',
        '- Cloud hosting and content delivery providers store the data and deliver video on our behalf.',
        'We do not sell personal data and give it to others only with your consent or where the law requires.',
      ],
    },
    {
      heading: '6. Transfers abroad',
      body: [
        'Some of the providers above process data outside Korea (for example in the United States) under safeguards required by law. You may refuse such transfers, but payment methods or ads of those providers then cannot be used.',
      ],
    },
    {
      heading: '7. Cookies and local storage',
      body: [
        'We use the access_token cookie to keep you signed in and the lang cookie to remember your language. Your recent searches are kept only in your browser and you can remove them at any time on the search page.',
      ],
    },
    {
      heading: '8. Your rights',
      body: [
        'You may see, correct or delete your data, withdraw consent, or ask us to stop processing it, in the Service or by writing to {{email}}. We answer within 10 days. To delete everything, delete your account in Profile → Edit → Withdraw.',
      ],
    },
    {
      heading: '9. Children',
      body: [
        'Members must be at least 14 years old; we do not knowingly collect data from younger children.',
      ],
    },
    {
      heading: '10. Security',
      body: [
        'Data is encrypted in transit, access is limited to staff who need it and is logged, and sign-in tokens are signed and expire.',
      ],
    },
    {
      heading: '11. Privacy officer and changes',
      body: [
        'Privacy officer: {{representative}}, {{email}}. Changes to this policy are announced in the Service at least 7 days before they take effect.',
        'You may also contact the Personal Information Infringement Report Center (privacy.kisa.or.kr, 118).',
      ],
    },
  ],
};
