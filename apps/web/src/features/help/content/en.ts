import type { HelpContent } from './types.ts';

/** Help pages in English (the shape and the rules they describe match zh-Hans.ts). */
export const en: HelpContent = {
  faq: {
    intro:
      'Answers to the questions students ask us most: logging in, booking and cancelling lessons, study coins and lesson cards, payments, playback and IELTS material. Still stuck? The contact section at the end tells you how to reach us.',
    sections: [
      {
        id: 'account',
        title: 'Logging in and your account',
        questions: [
          {
            id: 'sign-up',
            question: 'How do I sign up?',
            answer: [
              'There is no separate sign-up form. Tap "Log in" or "Sign up", enter your mainland China mobile number, tap "Get code" and type the 6-digit code we send you by SMS. A number we have not seen before gets a new account at once.',
            ],
          },
          {
            id: 'password-login',
            question: 'Can I log in with a password instead of an SMS code?',
            answer: [
              'Yes, once you have set a password under Personal centre → Set password. Then switch the login dialog to password login.',
              'After 5 wrong passwords for one number within 15 minutes, password login for that number pauses for 15 minutes. Logging in with an SMS code keeps working, so nobody can lock you out of your account.',
            ],
          },
          {
            id: 'sms-code',
            question: 'I did not receive the SMS code.',
            answer: [
              'A code is valid for 5 minutes and works once. You can ask for a new one after 60 seconds, up to 5 times an hour and 10 times a day for one number.',
              'Check that the number is right and that your phone has signal, and look in your phone\'s SMS spam filter. If no code arrives at all, contact us (see "Contact us" below).',
            ],
          },
          {
            id: 'remember-me',
            question: 'What does "Remember me" do?',
            answer: [
              'With "Remember me" ticked you stay logged in on this browser for up to 7 days. Without it, you are logged out when you close the browser. Do not tick it on a shared computer.',
            ],
          },
        ],
      },
      {
        id: 'booking',
        title: 'Booking lessons',
        questions: [
          {
            id: 'how-to-book',
            question: 'How do I book a lesson?',
            answer: [
              'On the home page, filter the teachers by nationality, language, level or a day with free time, open a teacher to see their profile, intro video, reviews and free times, pick a free slot and choose how to pay: study coins or a lesson card. After you confirm, the lesson is in your timetable (Timetable in the menu).',
            ],
          },
          {
            id: 'when-to-book',
            question: 'How far ahead can I book?',
            answer: [
              'Any free slot from 60 minutes to 14 days ahead. Lessons last 25 or 50 minutes, as the teacher set them. You can hold up to 20 upcoming lessons, and two of your lessons may not overlap.',
            ],
          },
          {
            id: 'join-class',
            question: 'How do I join my lesson?',
            answer: [
              'Open Timetable (in the menu or your avatar menu) and open the lesson. The classroom link appears there when the lesson opens. Use a computer or phone with a working microphone and camera, and a stable connection.',
            ],
          },
        ],
      },
      {
        id: 'cancel',
        title: 'Cancelling and the 24-hour rule',
        questions: [
          {
            id: 'cancel-refund',
            question: 'Can I cancel a lesson, and do I get my coins back?',
            answer: [
              'You can cancel any lesson that has not started yet; choose a reason when you cancel.',
              'At least 24 hours before the start: everything comes back. Coins are refunded in full, or the lesson goes back onto your card.',
              'Less than 24 hours before the start: you can still cancel, but nothing is refunded and it counts as a late cancellation. The cancel dialog tells you which case applies before you confirm.',
              'Once a lesson has started it can no longer be cancelled.',
            ],
          },
          {
            id: 'late-cancellations',
            question: 'Why can I not book some teachers?',
            answer: [
              'Some teachers do not take students who cancelled late 3 or more times in the last 30 days. The booking page tells you when this is the reason. Other teachers are not affected.',
            ],
          },
          {
            id: 'teacher-absent',
            question: 'What if the teacher does not show up?',
            answer: [
              'The lesson is cancelled on our side, you get a full refund, and we add compensation of the same amount: the same number of coins again, or one more lesson on your card.',
            ],
          },
        ],
      },
      {
        id: 'wallet',
        title: 'Study coins, lesson cards and payment',
        questions: [
          {
            id: 'coins',
            question: 'What are study coins?',
            answer: [
              "Study coins pay for lessons with any teacher. Each teacher's price in coins is shown on their card and profile. Every top-up, booking, refund and bonus is listed under Study coin records.",
            ],
          },
          {
            id: 'cards',
            question: 'What are lesson cards?',
            answer: [
              'A lesson card holds a number of lessons; each booking uses one. A Filipino-teacher card pays for lessons with teachers from the Philippines. An exclusive-teacher card pays only for lessons with the teacher it is bound to. Cards have an expiry date: see Lesson cards for what is left on each.',
            ],
          },
          {
            id: 'recharge',
            question: 'How do I recharge?',
            answer: [
              'Tap "Buy study coins", choose a coin package or a lesson card and pay with WeChat Pay or Alipay. On a computer you scan a QR code with your phone; in a phone browser the payment app opens.',
              'An order waits 15 minutes for payment and then closes by itself; a closed order charges nothing. Coins or lessons are added as soon as the payment is confirmed. Every order is listed under Payment orders.',
            ],
          },
          {
            id: 'paid-not-credited',
            question: 'I paid but my coins have not arrived.',
            answer: [
              "Payments are usually confirmed within a minute. If the payment app's confirmation was slow, we keep checking with WeChat Pay or Alipay and credit the order once: you are never charged twice for it. If the coins are still missing after some minutes, contact us with the order number from Payment orders.",
            ],
          },
        ],
      },
      {
        id: 'after-class',
        title: 'Playback, reviews and reports',
        questions: [
          {
            id: 'playback',
            question: 'How long can I watch the playback of a lesson?',
            answer: [
              "The recording appears in the lesson's details within 24 hours after the lesson and stays available for 30 days after the lesson ended. After that it shows as expired. A lesson you did not attend has no recording.",
            ],
          },
          {
            id: 'reviews',
            question: 'How do I rate a lesson and read the teacher report?',
            answer: [
              'You can rate a finished lesson (1 to 5 stars, tags and a comment) once, within 7 days. Teachers write a report after the lesson with scores per skill, a comment and homework: find it under Teacher reports.',
            ],
          },
        ],
      },
      {
        id: 'ielts',
        title: 'IELTS speaking material',
        questions: [
          {
            id: 'ielts-where',
            question: 'Where is the IELTS material?',
            answer: [
              "In the Chinese interface, the IELTS item of the menu opens the current season's speaking question bank (Part 1 topics, Part 2 cue cards with their Part 3 follow-up questions) and sample answers written by our teachers. The section is offered in the Chinese interface: switch with the 简体中文 button in the header.",
            ],
          },
          {
            id: 'ielts-practice',
            question: 'Can I practise speaking there?',
            answer: [
              'Yes. On a question you can record yourself in the browser and listen back. Recordings stay in your browser only; nothing is uploaded.',
            ],
          },
        ],
      },
    ],
  },
  manual: {
    intro:
      "A walk through the app, from your first login to your lesson's playback. The app works in any up-to-date browser on a computer or phone, in Chinese or English, light or dark.",
    chapters: [
      {
        id: 'start',
        title: 'Getting started',
        paragraphs: [
          "The app opens in Chinese unless your browser's main language is English. Switch any time with the language button in the header; your choice is kept. The moon/sun button switches between dark and light mode.",
          'On a phone, the menu, language, login and contact entries are behind the ☰ button at the top right.',
        ],
        steps: [
          'Tap "Log in" (or "Sign up": it is the same dialog).',
          'Enter your mobile number and tap "Get code".',
          'Type the 6-digit code from the SMS and tap the login button. A new number gets an account at once.',
          'Optionally set a password under Personal centre → Set password to log in without a code next time.',
        ],
      },
      {
        id: 'teachers',
        title: 'Finding a teacher',
        paragraphs: [
          'The home page lists the teachers. Filter by nationality, language, level, or a day and time range with free slots; sort by rating, lessons taught or price; or search by name.',
          'Open a teacher to see the profile: intro and intro video, level, tags, a radar of education, experience, interaction, pronunciation and rating, reviews from other students, and the free times. Tap the heart to keep a teacher under Favourite teachers.',
        ],
      },
      {
        id: 'booking',
        title: 'Booking a lesson',
        paragraphs: [
          "The free times show the teacher's slots for the next 14 days in your time zone. Free slots from 60 minutes ahead can be booked.",
        ],
        steps: [
          "Pick a free slot among the teacher's free times.",
          'Choose to pay with study coins or with a lesson card that fits this teacher.',
          'Check the time and price and confirm. The lesson is booked at once and appears in Timetable.',
        ],
      },
      {
        id: 'schedule',
        title: 'Your timetable and cancelling',
        paragraphs: [
          'Timetable shows your lessons by week or month; Upcoming classes and Finished classes list them. Open a lesson for its teacher, time, status, classroom link (when it opens), courseware and playback.',
          'To cancel, open the lesson and choose Cancel with a reason. At least 24 hours before the start you get everything back; later than that you can still cancel but nothing is refunded and it counts as a late cancellation. Started lessons cannot be cancelled.',
        ],
      },
      {
        id: 'after-class',
        title: 'After the lesson',
        paragraphs: [
          "The playback appears in the lesson's details within 24 hours and can be watched for 30 days after the lesson. Rate the lesson within 7 days. The teacher report (scores, comment and homework) is under Teacher reports, and files your teachers share are under My courseware.",
        ],
      },
      {
        id: 'wallet',
        title: 'Study coins, lesson cards and recharging',
        paragraphs: [
          'Your balance and cards are on Personal centre. Study coin records and Lesson cards list every change; Payment orders lists your orders and their status.',
        ],
        steps: [
          'Tap "Buy study coins" in the header.',
          'Choose a coin package or a lesson card (for an exclusive-teacher card, also the teacher).',
          'Pay with WeChat Pay or Alipay within 15 minutes: scan the QR code on a computer, or let the payment app open on a phone.',
          'The coins or lessons are added as soon as the payment is confirmed.',
        ],
      },
      {
        id: 'ielts',
        title: 'IELTS speaking',
        paragraphs: [
          'In the Chinese interface, IELTS in the menu opens the question bank of the current season by part and topic, and the sample answers. On a question you can record your own answer and listen back; recordings stay in your browser.',
        ],
      },
      {
        id: 'account',
        title: 'Profile, feedback and logging out',
        paragraphs: [
          'Personal centre → Profile holds your nickname, English name, avatar, gender and birthday. Feedback in the footer sends us a problem report, a complaint about a teacher or lesson, or a suggestion; its answers are under My feedback.',
          'Log out from the avatar menu. On a shared computer, log out when you leave.',
        ],
      },
    ],
  },
  app: {
    intro: [
      'There is no separate app to download yet: this web app is our app. It works in any up-to-date browser on a phone, tablet or computer, and it updates itself, so you always have the newest version.',
      "Add it to your phone's home screen and it opens from an icon like any other app.",
    ],
    ios: {
      title: 'iPhone and iPad (Safari)',
      steps: [
        'Open this site in Safari.',
        'Tap the Share button (the square with an arrow pointing up).',
        'Scroll down and tap "Add to Home Screen".',
        'Keep or change the name and tap "Add". The icon is on your home screen.',
      ],
    },
    android: {
      title: 'Android (Chrome)',
      steps: [
        'Open this site in Chrome.',
        'Tap the menu button (⋮) at the top right.',
        'Tap "Add to Home screen" (on some phones "Install app").',
        'Confirm with "Add". The icon is on your home screen.',
      ],
    },
    browsers: [
      {
        id: 'huawei',
        title: 'Huawei and Honor (Huawei Browser)',
        steps: [
          'Open this site in Huawei Browser (Browser on the home screen).',
          'Tap the menu button (☰) at the bottom right.',
          'Tap "Add to home screen" (in some versions under Toolbox).',
          'Confirm with "Add". The icon is on your home screen.',
        ],
      },
      {
        id: 'xiaomi',
        title: 'Xiaomi and Redmi (Mi Browser)',
        steps: [
          "Open this site in the phone's own Browser (Mi Browser).",
          'Tap the menu button (☰) at the bottom right.',
          'Tap "Add to home screen" (in some versions under Toolbox).',
          'Confirm with "Add". The icon is on your home screen.',
        ],
      },
      {
        id: 'vivo-oppo',
        title: "vivo, OPPO, OnePlus and realme (the phone's Browser)",
        steps: [
          "Open this site in the phone's own Browser.",
          'Tap the menu button (☰ or ⋮) at the bottom or the top right.',
          'Tap "Add to home screen" (on OPPO phones "Add to" › "Home screen").',
          'Confirm with "Add". The icon is on your home screen.',
        ],
      },
      {
        id: 'wechat',
        title: "Inside WeChat (WeChat's built-in browser)",
        steps: [
          'WeChat cannot put a page on the home screen: tap ··· at the top right.',
          'Tap "Open in Browser". The page opens in your phone\'s browser.',
          'Follow the steps for that browser above.',
        ],
      },
    ],
    notes: [
      'No icon appears? Huawei, Xiaomi, vivo and OPPO phones ask for a permission first: in Settings › Apps › Browser › Permissions, allow "Home screen shortcuts", then add the site again.',
      'Alipay cannot be used inside WeChat: pay with WeChat Pay there, or open the page in your browser to use Alipay.',
      'Tick "Remember me" when you log in on your own phone to stay logged in for up to 7 days.',
    ],
  },
};
